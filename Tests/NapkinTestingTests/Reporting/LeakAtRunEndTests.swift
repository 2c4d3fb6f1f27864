import Foundation
import Napkin
import Testing

@testable import NapkinTesting

/// A leak that the shared detector is still checking when the test process exits (the last
/// test's) fails the run with the leak named, instead of the run exiting 0.
@Suite struct LeakAtRunEndTests {
  #if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD) || os(Windows)
    @Test func aLeakOfTheLastTestFailsTheRun() async {
      // The child's standard error, written from inside `exit`, is not what an exit test
      // captures; the status is. The text is checked below.
      await #expect(processExitsWith: .failure) {
        // The body is the run's last test: it detaches a napkin it keeps, with the default
        // detector, and returns well within the detector's one-second grace period.
        await LeakingTest.detachAndKeep()
      }
    }

    @Test func aRunWhoseLastCheckFindsNothingStillExitsCleanly() async {
      await #expect(processExitsWith: .success) {
        await LeakingTest.detachAndRelease()
      }
    }
  #endif

  @Test func theTextOfALeakFoundAtExitNamesItsDetachAndWhyTheRunFails() {
    let report = LeakReport(
      typeName: "LeakedRouter", role: .router, napkinName: "LeakedRouter",
      outlived: .seconds(1), fileID: "AppTests/ProfileTests.swift", line: 12)
    let text = LeakChecksAtTestEnd.message(for: [report], after: nil)
    #expect(text.hasPrefix("AppTests/ProfileTests.swift:12: error: Napkin: leak: the router"))
    #expect(text.contains("(Found when the test run ended, so no test could record it"))
    #expect(
      LeakChecksAtTestEnd.message(for: [report], after: "ProfileXCTests.testClose")
        .contains("(Found after the test ProfileXCTests.testClose ended"))
  }
}
