import Synchronization
import XCTest

/// A test case that can hold back the failures XCTest records for it, so that a test can check
/// that a NapkinTesting check fails the XCTest test it runs in, and where, without failing itself.
///
/// The failures are taken at XCTest's own recording point (`recordFailure` in swift-corelibs-xctest,
/// `record(_:)` on Apple platforms), so what is captured is exactly what would have failed the test.
/// XCTest calls that point from whichever thread reported the failure, hence the `Mutex`.
class FailureCapturingTestCase: XCTestCase {
  /// A failure XCTest recorded while capturing.
  struct CapturedFailure: Equatable, CustomStringConvertible {
    let description: String
    let filePath: String
    let line: Int
  }

  /// The failures captured so far, or `nil` while not capturing.
  private let captured = Mutex<[CapturedFailure]?>(nil)

  /// Runs `body` and returns the failures XCTest recorded for this test meanwhile, instead of
  /// letting them fail the test.
  func capturingFailures(_ body: () throws -> Void) rethrows -> [CapturedFailure] {
    begin()
    defer { _ = end() }
    try body()
    return end()
  }

  /// The asynchronous form of `capturingFailures(_:)`, for checks that suspend.
  @MainActor
  func capturingFailures(_ body: @MainActor () async throws -> Void) async rethrows
    -> [CapturedFailure]
  {
    begin()
    defer { _ = end() }
    try await body()
    return end()
  }

  private func begin() {
    captured.withLock { $0 = [] }
  }

  /// Stops capturing; returns what was captured (nothing when already stopped).
  private func end() -> [CapturedFailure] {
    captured.withLock { captured in
      defer { captured = nil }
      return captured ?? []
    }
  }

  /// Keeps `failure` if capturing, and says whether it did.
  private func capture(_ failure: CapturedFailure) -> Bool {
    captured.withLock { captured in
      guard captured != nil else { return false }
      captured?.append(failure)
      return true
    }
  }

  #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
      let failure = CapturedFailure(
        description: issue.compactDescription,
        filePath: issue.sourceCodeContext.location?.fileURL.path ?? "",
        line: issue.sourceCodeContext.location?.lineNumber ?? 0)
      if !capture(failure) { super.record(issue) }
    }
  #else
    override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
      expected: Bool
    ) {
      let failure = CapturedFailure(description: description, filePath: filePath, line: lineNumber)
      if !capture(failure) {
        super.recordFailure(
          withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      }
    }
  #endif
}
