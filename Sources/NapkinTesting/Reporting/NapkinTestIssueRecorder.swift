import Foundation
import Napkin

/// Napkin's way into the running test: the class Napkin finds by name, at its first failure, to
/// record a leak report or a warning as an issue instead of stopping the test process.
///
/// Napkin cannot import Testing or XCTest, and nothing runs when NapkinTesting is merely linked,
/// so Napkin looks this class up by its name, `NapkinTesting.NapkinTestIssueRecorder`, with
/// `NSClassFromString`. An `NSObject` subclass, so that the same lookup finds it on Apple
/// platforms as on Linux. Do not rename or move it without changing
/// `TestIssueRecorder.recorderClassName` in Napkin.
///
/// Threading: Napkin calls it on the main actor; the reporting it reuses is safe from any thread.
final class NapkinTestIssueRecorder: NSObject, TestIssueRecording {
  static func recordIssue(_ message: String, fileID: StaticString, line: UInt) -> Bool {
    // Napkin knows only the `#fileID`; it doubles as the path, which XCTest shows as given.
    reportFailure(message, at: CallSite(fileID: fileID, filePath: fileID, line: line, column: 1))
    return true
  }

  @MainActor static func leakChecksBegan() {
    LeakChecksAtTestEnd.prepare()
  }
}
