import Foundation

/// What NapkinTesting implements so that Napkin can fail the running test instead of stopping the
/// process; `package`, so that apps never see it.
///
/// Threading: called on the main actor; implementations must not assume more.
package protocol TestIssueRecording: AnyObject {
  /// Records `message` as an issue of the running test (Swift Testing or XCTest), attributed to
  /// `fileID` and `line`, and returns `true`; returns `false` if it could not, so that the caller
  /// falls back to what it does in an app.
  static func recordIssue(_ message: String, fileID: StaticString, line: UInt) -> Bool

  /// The shared leak detector began a check: the recorder makes such checks end inside the test
  /// that began them (or fail the run if the process exits first).
  @MainActor static func leakChecksBegan()
}

/// Finds out at run time whether this process is a test run that can record an issue.
///
/// Napkin must not link Testing or XCTest: an app that links them fails to launch where they are
/// absent. So Napkin looks, by name, for NapkinTesting's recorder class, which conforms to
/// ``TestIssueRecording``: NapkinTesting is a test-support library linked only into test
/// processes, and a class that is linked at all can be found by its name (Foundation's
/// `NSClassFromString`, the same lookup on every platform Napkin supports) without anything
/// having to register it first. Found, it records the issue through Swift Testing or XCTest,
/// whichever runs the current test; not found, which is always the case in an app, Napkin stops
/// or warns as before. The lookup happens once, when something goes wrong or when the shared
/// leak detector begins its first check.
///
/// Threading: main actor.
@MainActor
package enum TestIssueRecorder {
  /// The name looked up. A test sets a name that does not exist to see what an app sees; it is
  /// read once per process, at the first failure.
  package static var recorderClassName = "NapkinTesting.NapkinTestIssueRecorder"

  private static var resolved: (any TestIssueRecording.Type)??

  /// The recorder of this test process, or `nil` in an app.
  static var recorder: (any TestIssueRecording.Type)? {
    if let resolved { return resolved }
    let found = NSClassFromString(recorderClassName) as? any TestIssueRecording.Type
    resolved = .some(found)
    return found
  }

  /// Records `message` as an issue of the running test and returns `true`, or returns `false`
  /// when no test runner can take it.
  static func record(_ message: String, fileID: StaticString, line: UInt) -> Bool {
    recorder?.recordIssue(message, fileID: fileID, line: line) ?? false
  }

  /// Tells the test runner's recorder that the shared detector began a check; nothing in an app.
  static func leakChecksBegan() {
    recorder?.leakChecksBegan()
  }
}
