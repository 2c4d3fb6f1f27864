import Foundation
import Napkin
import Testing

/// RIBs' `DISABLE_LEAK_DETECTION`, as Napkin spells it: a whole test run can turn leak checks off.
@Suite struct LeakDetectionSwitchTests {
  #if os(macOS) || os(Linux) || os(Windows)
    @Test func theEnvironmentVariableTurnsLeakDetectionOff() async {
      await #expect(processExitsWith: .success) {
        setenv("NAPKIN_DISABLE_LEAK_DETECTION", "1", 1)
        await MainActor.run {
          #expect(!LeakDetector.isEnabled)
        }
        await Self.detachALeakingNapkin()
      }
    }

    @Test func withoutTheVariableALeakIsReported() async {
      await #expect(processExitsWith: .failure) {
        unsetenv("NAPKIN_DISABLE_LEAK_DETECTION")
        await Self.detachALeakingNapkin()
      }
    }
  #endif

  /// Detaches a napkin that the caller keeps alive, with a detector that stops the process with a
  /// failure on a report, and waits for the check.
  @MainActor
  private static func detachALeakingNapkin() async {
    let detector = LeakDetector(gracePeriod: .milliseconds(20)) { _ in exit(1) }
    let log = EventLog()
    let parent = RecordingRouter("parent", log: log)
    parent.leakDetector = detector
    let child = RecordingRouter("child", log: log)
    parent.attachChild(child)
    parent.detachChild(child)
    await detector.waitForPendingChecks()
    #expect(!child.interactor.isActive)
  }
}
