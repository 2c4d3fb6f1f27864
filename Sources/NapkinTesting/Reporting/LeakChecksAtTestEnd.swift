import Foundation
import Napkin
import Synchronization

#if canImport(XCTest)
  import XCTest
#endif

/// Makes the shared leak detector's checks end inside the test that began them, and makes a test
/// process that exits with a check still pending fail, naming the leak.
///
/// A check waits its grace period (a second by default) on a main-actor task, and the test that
/// detached a napkin has usually returned long before: XCTest recorded the leak at whichever test
/// ran next, and a leak of a run's last test was never reported, the run exiting 0. So:
/// - under XCTest, every test gets a teardown block that awaits the shared detector's pending
///   checks, so a leak fails the test that leaked it, at its `detachChild`;
/// - under Swift Testing, a check's task inherits the test it began in, so a report made after
///   the test returned is still that test's issue, while the run goes on;
/// - when the process exits with checks pending (the last test's, or the first XCTest test's:
///   the observer that adds the teardown blocks is installed when the first check begins, too
///   late for that test's own teardown), the checks are run to their end on the spot, and a leak
///   they find is written to standard error with the check's location, and fails the run.
///
/// Threading: main actor; the exit handler runs on the thread that calls `exit`.
@MainActor
enum LeakChecksAtTestEnd {
  private static var prepared = false

  /// Installs the teardown observer and the exit handler, once per process: Napkin calls this
  /// through ``NapkinTestIssueRecorder`` when the shared detector begins a check.
  static func prepare() {
    guard !prepared else { return }
    prepared = true
    #if canImport(XCTest)
      XCTestObservationCenter.shared.addTestObserver(LeakCheckTeardownObserver())
    #endif
    atexit(finishLeakChecksAtExit)
  }

  /// Runs the shared detector's pending checks to their end now, and writes what they find to
  /// standard error, naming the test they began in when known; returns whether they found a
  /// leak. Blocks the main thread for up to the longest grace period left.
  static func finishPendingChecks(after test: String?) -> Bool {
    let reports = LeakDetector.shared.finishPendingChecksNow()
    guard !reports.isEmpty else { return false }
    FileHandle.standardError.write(Data(message(for: reports, after: test).utf8))
    return true
  }

  /// The text written for leaks found outside any test: one line per report, in the compiler's
  /// `file:line: error:` shape, so that an IDE or CI log links it to the `detachChild`.
  nonisolated static func message(for reports: [LeakReport], after test: String?) -> String {
    let when = test.map { "after the test \($0) ended" } ?? "when the test run ended"
    return reports.map { report in
      "\(report.fileID):\(report.line): error: \(report.description) (Found \(when), so no "
        + "test could record it; the run fails.)\n"
    }.joined()
  }

  /// Whether a leak was found after the test that leaked it had ended: the run must fail.
  nonisolated fileprivate static let foundLate = Atomic(false)
}

/// `atexit`'s handler: the pending checks end now, and a leak they find fails the run.
private func finishLeakChecksAtExit() {
  var found = false
  if Thread.isMainThread {
    // `exit` was called on the main thread, inside a main-actor job or outside any: either
    // way nothing else runs on the main actor while this handler does.
    found = MainActor.assumeIsolated { LeakChecksAtTestEnd.finishPendingChecks(after: nil) }
  } else {
    let result = Atomic(false)
    let done = DispatchSemaphore(value: 0)
    Task { @MainActor in
      result.store(LeakChecksAtTestEnd.finishPendingChecks(after: nil), ordering: .relaxed)
      done.signal()
    }
    _ = done.wait(timeout: .now() + .seconds(15))
    found = result.load(ordering: .relaxed)
  }
  if found || LeakChecksAtTestEnd.foundLate.load(ordering: .relaxed) {
    fflush(nil)
    _exit(EXIT_FAILURE)
  }
}

#if canImport(XCTest)
  /// Gives every XCTest test a teardown block that awaits the shared detector's pending checks.
  private final class LeakCheckTeardownObserver: NSObject, XCTestObservation {
    func testCaseWillStart(_ testCase: XCTestCase) {
      testCase.addTeardownBlock { @MainActor in
        await LeakDetector.shared.waitForPendingChecks()
      }
    }

    /// Only the test during which this observer was installed gets here with checks pending
    /// (it had no teardown block): they end now, outside any test.
    func testCaseDidFinish(_ testCase: XCTestCase) {
      guard Thread.isMainThread else { return }
      let name = testCase.name
      let found = MainActor.assumeIsolated {
        LeakChecksAtTestEnd.finishPendingChecks(after: name)
      }
      if found { LeakChecksAtTestEnd.foundLate.store(true, ordering: .relaxed) }
    }
  }
#endif
