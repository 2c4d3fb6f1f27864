import Napkin
import Testing

@MainActor
@Suite struct LeakDetectorTests {
  let log = EventLog()

  @Test func aDeliberatelyLeakedInteractorIsReportedWithItsTypeAndDelay() async throws {
    let leaks = LeakCollector(gracePeriod: .milliseconds(50))
    let parent = RecordingRouter("parent", log: log)
    parent.leakDetector = leaks.detector
    var child: RecordingRouter? = RecordingRouter("child", log: log)
    let leakedInteractor = child!.interactor  // the deliberate leak
    parent.attachChild(child!)

    parent.detachChild(child!)
    child = nil
    await leaks.detector.waitForPendingChecks()

    let report = try #require(leaks.reports.only)
    #expect(report.typeName == "RecordingInteractor")
    #expect(report.role == .interactor)
    #expect(report.napkinName == "RecordingRouter")
    #expect(report.outlived >= .milliseconds(50))
    #expect(report.description.contains("RecordingInteractor, the interactor of RecordingRouter,"))
    #expect(leakedInteractor.name == "child")
  }

  @Test func aSubtreeThatGoesAwayIsNotReported() async {
    let leaks = LeakCollector()
    let parent = RecordingRouter("parent", log: log)
    parent.leakDetector = leaks.detector
    var child: RecordingRouter? = RecordingRouter("child", log: log, component: FakeComponent())
    child?.attachChild(ViewedRouter(component: FakeComponent()))
    parent.attachChild(child!)
    weak let weakChild = child

    parent.detachChild(child!)
    child = nil
    await leaks.detector.waitForPendingChecks()

    #expect(weakChild == nil)
    #expect(leaks.reports.isEmpty)
    #expect(leaks.detector.pendingCheckCount == 0)
  }

  @Test func everyRoleOfALeakedNapkinIsReported() async {
    let leaks = LeakCollector(gracePeriod: .milliseconds(20))
    let parent = RecordingRouter("parent", log: log)
    parent.leakDetector = leaks.detector
    let child = ViewedRouter(component: FakeComponent())

    parent.attachChild(child)
    parent.detachChild(child)
    await leaks.detector.waitForPendingChecks()

    #expect(
      Set(leaks.reports.map(\.role)) == [.router, .interactor, .presenter, .view, .component])
    #expect(
      Set(leaks.reports.map(\.typeName)) == [
        "ViewedRouter", "PresentingInteractor", "FakePresenter", "FakeView", "FakeComponent",
      ])
    #expect(leaks.reports.allSatisfy { $0.napkinName == "ViewedRouter" })
    withExtendedLifetime(child) {}
  }

  @Test func aLeakDeepInTheDetachedSubtreeIsReported() async throws {
    let leaks = LeakCollector(gracePeriod: .milliseconds(20))
    let parent = RecordingRouter("parent", log: log)
    parent.leakDetector = leaks.detector
    var child: RecordingRouter? = RecordingRouter("child", log: log)
    let grandchild = RecordingRouter("grandchild", log: log)
    parent.attachChild(child!)
    child?.attachChild(grandchild)
    grandchild.onLoad = nil

    parent.detachChild(child!)
    child = nil
    // Only the grandchild is kept; the router above it went away.
    await leaks.detector.waitForPendingChecks()

    #expect(Set(leaks.reports.map(\.role)) == [.router, .interactor])
    #expect(grandchild.children.isEmpty)
  }

  @Test func childrenUseTheDetectorOfTheRouterThatAttachedThem() async {
    let leaks = LeakCollector(gracePeriod: .milliseconds(20))
    let parent = RecordingRouter("parent", log: log)
    parent.leakDetector = leaks.detector
    let child = RecordingRouter("child", log: log)
    let grandchild = RecordingRouter("grandchild", log: log)
    parent.attachChild(child)
    child.attachChild(grandchild)

    child.detachChild(grandchild)
    await leaks.detector.waitForPendingChecks()

    #expect(child.leakDetector === leaks.detector)
    #expect(leaks.reports.contains { $0.typeName == "RecordingRouter" })
    withExtendedLifetime(grandchild) {}
  }

  @Test func aRouterAttachedAgainWithinTheGracePeriodIsNotReported() async {
    let leaks = LeakCollector(gracePeriod: .milliseconds(200))
    let parent = RecordingRouter("parent", log: log)
    parent.leakDetector = leaks.detector
    let child = RecordingRouter("child", log: log)
    parent.attachChild(child)

    parent.detachChild(child)
    parent.attachChild(child)
    await leaks.detector.waitForPendingChecks()

    #expect(leaks.reports.isEmpty)
  }

  @Test func aSubtreeWatchedWhileStillAttachedIsReported() async {
    let leaks = LeakCollector(gracePeriod: .milliseconds(20))
    let parent = RecordingRouter("parent", log: log)
    let child = RecordingRouter("child", log: log)
    parent.attachChild(child)

    leaks.detector.expectDeallocation(ofSubtree: child)
    await leaks.detector.waitForPendingChecks()

    #expect(leaks.reports.map(\.role) == [.router, .interactor])
  }

  @Test func aPlainObjectIsWatchedToo() async throws {
    let leaks = LeakCollector(gracePeriod: .milliseconds(20))
    let kept = FakeView()
    var dropped: FakeView? = FakeView()

    leaks.detector.expectDeallocation(of: kept)
    leaks.detector.expectDeallocation(of: dropped!)
    dropped = nil
    await leaks.detector.waitForPendingChecks()

    let report = try #require(leaks.reports.only)
    #expect(report.role == .object)
    #expect(report.typeName == "FakeView")
    #expect(report.description.contains("after it was expected to be deallocated"))
    withExtendedLifetime(kept) {}
  }

  @Test func waitingIsQuickWhenNothingLeaks() async {
    // A grace period no test could sit through: the check must end when the objects go away.
    let leaks = LeakCollector(gracePeriod: .seconds(3600))
    var object: FakeView? = FakeView()
    leaks.detector.expectDeallocation(of: object!)
    object = nil

    await leaks.detector.waitForPendingChecks()

    #expect(leaks.reports.isEmpty)
  }

  @Test func theSharedDetectorWaitsOneSecondByDefault() {
    #expect(LeakDetector.shared.gracePeriod == .seconds(1))
    let router = Router(interactor: RecordingInteractor("r", log: log))
    #expect(router.leakDetector === LeakDetector.shared)
  }

  #if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD) || os(Windows)
    #if DEBUG
      @Test func theDefaultHandlerStopsADebugBuildWithTheReport() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent])
        {
          await MainActor.run { LeakDetector.reportByAssertion(Self.viewReport) }
        }
        let standardError = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }
        #expect(standardError?.contains(Self.viewReportText) == true)
      }
    #else
      @Test func theDefaultHandlerWritesTheReportAndGoesOnInAReleaseBuild() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent])
        {
          await MainActor.run { LeakDetector.reportByAssertion(Self.viewReport) }
        }
        let standardError = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }
        #expect(standardError?.contains(Self.viewReportText) == true)
      }
    #endif
  #endif

  private static let viewReport = LeakReport(
    typeName: "HomeView", role: .view, napkinName: "HomeRouter", outlived: .seconds(1))
  private static let viewReportText =
    "Napkin: leak: HomeView, the view of HomeRouter, is still alive 1000 ms after its router "
    + "was detached."
}

extension Array {
  /// The single element, or `nil` when there are none or several.
  var only: Element? { count == 1 ? first : nil }
}
