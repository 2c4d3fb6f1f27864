import Napkin
import Testing

/// What is tied to an interactor's active period, and what happens to work that arrives outside
/// it: RIBs' contract.
@MainActor
@Suite struct ActivePeriodTests {
  let log = EventLog()

  @Test func activatingAnActiveInteractorDoesNothing() {
    let interactor = RecordingInteractor("i", log: log)
    interactor.activate()

    interactor.activate()

    #expect(interactor.isActive)
    #expect(log.events == ["i active"])
  }

  @Test func deactivatingAnInactiveInteractorDoesNothing() {
    let interactor = RecordingInteractor("i", log: log)
    interactor.deactivate()
    interactor.activate()
    interactor.deactivate()

    interactor.deactivate()

    #expect(!interactor.isActive)
    #expect(log.events == ["i active", "i resign"])
  }

  @Test func activatingTheInteractorOfAnAttachedNapkinAgainDoesNothing() {
    let parent = RecordingRouter("parent", log: log)
    let child = RecordingRouter("child", log: log)
    parent.attachChild(child)

    child.interactable.activate()

    #expect(log.events == ["child active", "child load"])
  }

  @Test func aTaskStartedOnAnInactiveInteractorNeverRuns() async {
    let interactor = RecordingInteractor("i", log: log)
    let counter = CleanupCounter()

    let task = interactor.task { counter.cleanup() }
    let result = await task.result

    #expect(counter.runs == 0)
    #expect(task.isCancelled)
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(interactor.runningTaskCount == 0)
  }

  @Test func aLateEventReachingADetachedNapkinStartsNothing() async {
    let parent = RecordingRouter("parent", log: log)
    let child = RecordingRouter("child", log: log)
    parent.attachChild(child)
    parent.detachChild(child)
    let counter = CleanupCounter()

    let task = child.interactor.task { counter.cleanup() }
    _ = await task.result

    #expect(counter.runs == 0)
  }

  @Test func aCleanupRunsOnceWhenTheInteractorDeactivates() {
    let interactor = RecordingInteractor("i", log: log)
    let counter = CleanupCounter()
    interactor.activate()
    interactor.disposeOnDeactivate(counter.cleanup)
    #expect(counter.runs == 0)
    #expect(interactor.pendingCleanupCount == 1)

    interactor.deactivate()
    interactor.activate()
    interactor.deactivate()

    #expect(counter.runs == 1)
    #expect(interactor.pendingCleanupCount == 0)
  }

  @Test func aCleanupTiedWhileInactiveRunsAtOnce() {
    let interactor = RecordingInteractor("i", log: log)
    let counter = CleanupCounter()

    interactor.disposeOnDeactivate(counter.cleanup)

    #expect(counter.runs == 1)
    #expect(interactor.pendingCleanupCount == 0)
  }

  @Test func cleanupsRunMostRecentFirstAfterWillResignActive() {
    let interactor = RecordingInteractor("i", log: log)
    interactor.activate()
    interactor.disposeOnDeactivate { [log] in log.record("first cleanup") }
    interactor.disposeOnDeactivate { [log] in log.record("second cleanup") }

    interactor.deactivate()

    #expect(log.events == ["i active", "i resign", "second cleanup", "first cleanup"])
  }

  @Test func detachingANapkinRunsTheCleanupsOfItsWholeSubtree() {
    let parent = RecordingRouter("parent", log: log)
    let child = RecordingRouter("child", log: log)
    let grandchild = RecordingRouter("grandchild", log: log)
    parent.attachChild(child)
    child.attachChild(grandchild)
    let counter = CleanupCounter()
    child.interactor.disposeOnDeactivate(counter.cleanup)
    grandchild.interactor.disposeOnDeactivate(counter.cleanup)

    parent.detachChild(child)

    #expect(counter.runs == 2)
  }
}
