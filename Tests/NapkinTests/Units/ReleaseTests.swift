import Napkin
import NapkinOnce
import Testing

/// RIBs' contract for a tree that is dropped without detaching it: its napkins end as a detach
/// would end them.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct ReleaseTests {
  let log = EventLog()

  @Test func releasingALaunchedTreeDeactivatesEveryInteractorOnce() async {
    let leaks = LeakCollector()
    await LeakDetector.withDetector(leaks.detector) {
      var root: FakeRootRouter? = FakeRootRouter(log: log)
      let child = RecordingRouter("child", log: log)
      let grandchild = RecordingRouter("grandchild", log: log)
      child.attachChild(grandchild)
      root?.launch(from: FakeHost())
      root?.attachChild(child)
      #expect(log.events.filter { $0.hasSuffix("resign") }.isEmpty)

      // An optimized build may end `root`'s lifetime at its last use; nil-ing it is what matters.
      root = nil

      #expect(
        log.events.filter { $0.hasSuffix("resign") } == [
          "grandchild resign", "child resign", "root resign",
        ])
      #expect(!child.interactor.isActive && !grandchild.interactor.isActive)
    }
  }

  @Test func releasingAnAttachedChildsParentDeactivatesTheChild() {
    var parent: RecordingRouter? = RecordingRouter("parent", log: log)
    var child: RecordingRouter? = RecordingRouter("child", log: log)
    parent?.attachChild(child!)
    weak let weakChild = child
    let childInteractor = child!.interactor
    child = nil

    parent = nil

    #expect(!childInteractor.isActive)
    #expect(weakChild == nil)
    #expect(log.events.filter { $0.hasSuffix("resign") } == ["child resign"])
  }

  @Test func aRouterReleasedWithoutADetachHasItsNapkinCheckedForLeaks() async throws {
    let leaks = LeakCollector(gracePeriod: .milliseconds(50))
    var root: FakeRootRouter? = FakeRootRouter(log: log)
    root?.leakDetector = leaks.detector
    root?.launch(from: FakeHost())
    let leakedInteractor = root!.interactor  // the deliberate leak

    root = nil
    await leaks.detector.waitForPendingChecks()

    let report = try #require(leaks.reports.only)
    #expect(report.typeName == "RecordingInteractor")
    #expect(report.role == .interactor)
    #expect(report.napkinName == "FakeRootRouter")
    #expect(!leakedInteractor.isActive)
  }

  @Test func aDetachedRouterReleasedLaterIsCheckedOnlyOnce() async {
    let leaks = LeakCollector(gracePeriod: .milliseconds(50))
    let parent = RecordingRouter("parent", log: log)
    parent.leakDetector = leaks.detector
    var child: RecordingRouter? = RecordingRouter("child", log: log)
    let leakedInteractor = child!.interactor
    parent.attachChild(child!)

    parent.detachChild(child!)
    child = nil
    await leaks.detector.waitForPendingChecks()

    #expect(leaks.reports.map(\.typeName) == ["RecordingInteractor"])
    #expect(!leakedInteractor.isActive)
  }

  @Test func anInteractorsDeallocationCancelsItsTasks() {
    var interactor: RecordingInteractor? = RecordingInteractor("i", log: log)
    interactor?.activate()
    let task = interactor!.task { await sleepUntilCancelled() }

    interactor = nil

    // Released on the main actor, the interactor's deinit ran here and then: no waiting needed,
    // and a regression fails at once instead of hanging on a task nothing cancels.
    #expect(task.isCancelled)
  }

  @Test func anInteractorsDeallocationRunsItsCleanupsOnce() {
    let counter = CleanupCounter()
    var interactor: RecordingInteractor? = RecordingInteractor("i", log: log)
    interactor?.activate()
    interactor?.disposeOnDeactivate(counter.cleanup)

    interactor = nil

    #expect(counter.runs == 1)
  }

  @Test func anInteractorReleasedOffTheMainActorStillEndsItsWork() async throws {
    let counter = CleanupCounter()
    var interactor: RecordingInteractor? = RecordingInteractor("i", log: log)
    interactor?.activate()
    interactor?.disposeOnDeactivate(counter.cleanup)
    let task = interactor!.task { await sleepUntilCancelled() }
    let holder = Holder(interactor!)
    interactor = nil

    await Task.detached { holder.release() }.value

    // The deinit hops to the main actor: give it a bounded moment, never an unbounded wait.
    let deadline = ContinuousClock.now + .seconds(10)
    while (!task.isCancelled || counter.runs == 0) && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(task.isCancelled)
    #expect(counter.runs == 1)
  }
}

/// Keeps one object alive until `release()`, which may run on any thread.
private final class Holder: Sendable {
  // `Locked`, not `Mutex`: ThreadSanitizer cannot see a contended `Mutex`'s hand-offs on Linux
  // (CONTRIBUTING.md, "Locks").
  private let object: Locked<RecordingInteractor?>

  init(_ object: RecordingInteractor) {
    self.object = Locked(object)
  }

  func release() {
    // Taken out under the lock and dropped once `withLock` has returned, so that its deinit
    // never runs inside the lock (CONTRIBUTING.md, "Locks", rule 5).
    _ = object.withLock { object in
      defer { object = nil }
      return object
    }
  }
}
