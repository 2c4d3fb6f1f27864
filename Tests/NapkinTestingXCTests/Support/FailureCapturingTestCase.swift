import XCTest

/// A test case that can hold back the failures XCTest records for it, so that a test can check
/// that a NapkinTesting check fails the XCTest test it runs in, and where, without failing itself.
///
/// The failures are taken at XCTest's own recording point (`recordFailure` in swift-corelibs-xctest,
/// `record(_:)` on Apple platforms), so what is captured is exactly what would have failed the test.
/// XCTest calls that point from whichever thread reported the failure, hence the lock.
class FailureCapturingTestCase: XCTestCase {
  /// A failure XCTest recorded while capturing.
  struct CapturedFailure: Equatable, CustomStringConvertible {
    let description: String
    let filePath: String
    let line: Int
  }

  /// The failures captured so far, or `nil` while not capturing, behind an `NSLock` (which
  /// `import XCTest` brings), by the project's lock rule (CONTRIBUTING.md, "Locks"): this target
  /// imports only XCTest and NapkinTesting, and ThreadSanitizer sees pthread's hand-offs, not a
  /// contended `Mutex`'s.
  private final class Captured: @unchecked Sendable {
    // SAFETY: `failures` is read and written only inside `lock.withLock`, in `withFailures`, and
    // `lock` is a `let`.
    private let lock = NSLock()
    private var failures: [CapturedFailure]?

    func withFailures<Result>(_ body: (inout [CapturedFailure]?) -> Result) -> Result {
      lock.withLock { body(&failures) }
    }
  }

  private let captured = Captured()

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

  /// Starts capturing until ``endCapturing()``: for failures recorded after the test method
  /// returns, by its teardown blocks, read in `tearDown()`.
  func beginCapturing() {
    begin()
  }

  /// Stops capturing and returns what was captured since ``beginCapturing()``.
  func endCapturing() -> [CapturedFailure] {
    end()
  }

  private func begin() {
    captured.withFailures { $0 = [] }
  }

  /// Stops capturing; returns what was captured (nothing when already stopped).
  private func end() -> [CapturedFailure] {
    captured.withFailures { captured in
      defer { captured = nil }
      return captured ?? []
    }
  }

  /// Keeps `failure` if capturing, and says whether it did.
  private func capture(_ failure: CapturedFailure) -> Bool {
    captured.withFailures { captured in
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
