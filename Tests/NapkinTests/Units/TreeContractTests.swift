import Napkin
import Testing

/// How a subtree joins a tree: loaded once, and watched by the tree's leak detector.
@MainActor
@Suite struct TreeContractTests {
  let log = EventLog()

  @Test func attachingAPrebuiltSubtreeLoadsEachRouterOnce() {
    let parent = RecordingRouter("parent", log: log)
    let child = RecordingRouter("child", log: log)
    let spy = SpyRouter(interactor: RecordingInteractor("spy", log: log))
    child.attachChild(spy)
    #expect(spy.loadCount == 1)

    parent.attachChild(child)

    #expect(spy.loadCount == 1)
    #expect(spy.interactable.isActive)
  }

  @Test func reattachingADetachedSubtreeActivatesItWithoutLoadingItAgain() {
    let parent = RecordingRouter("parent", log: log)
    let child = RecordingRouter("child", log: log)
    let spy = SpyRouter(interactor: RecordingInteractor("spy", log: log))
    child.attachChild(spy)
    parent.attachChild(child)
    parent.detachChild(child)

    parent.attachChild(child)

    #expect(spy.loadCount == 1)
    #expect(spy.interactable.isActive)
  }

  @Test func aDetectorSetOnARouterReachesRoutersAttachedBeforeIt() {
    let detector = LeakCollector().detector
    let root = RecordingRouter("root", log: log)
    let child = RecordingRouter("child", log: log)
    let grandchild = RecordingRouter("grandchild", log: log)
    root.attachChild(child)
    child.attachChild(grandchild)

    root.leakDetector = detector

    #expect(child.leakDetector === detector)
    #expect(grandchild.leakDetector === detector)
  }

  @Test func attachingAPrebuiltSubtreeGivesEveryRouterInItTheParentsDetector() {
    let detector = LeakCollector().detector
    let root = RecordingRouter("root", log: log)
    root.leakDetector = detector
    let child = RecordingRouter("child", log: log)
    let grandchild = RecordingRouter("grandchild", log: log)
    child.attachChild(grandchild)

    root.attachChild(child)

    #expect(grandchild.leakDetector === detector)
  }

  @Test func anInnerNapkinDetachedDeepInTheTreeReportsToTheRootsDetector() async {
    let leaks = LeakCollector(gracePeriod: .milliseconds(50))
    let root = RecordingRouter("root", log: log)
    let child = RecordingRouter("child", log: log)
    let grandchild = RecordingRouter("grandchild", log: log)
    root.attachChild(child)
    child.attachChild(grandchild)
    root.leakDetector = leaks.detector

    child.detachChild(grandchild)  // the deliberate leak: the test keeps `grandchild`
    await leaks.detector.waitForPendingChecks()

    #expect(Set(leaks.reports.map(\.role)) == [.router, .interactor])
    #expect(grandchild.leakDetector === leaks.detector)
  }

  @Test func routersCreatedInsideWithDetectorAdoptThatDetector() async {
    let detector = LeakCollector().detector

    let inside = await LeakDetector.withDetector(detector) {
      FakeRootRouter(log: log).leakDetector
    }
    let outside = FakeRootRouter(log: log).leakDetector

    #expect(inside === detector)
    #expect(outside === LeakDetector.shared)
  }
}
