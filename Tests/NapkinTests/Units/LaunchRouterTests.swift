import Napkin
import Testing

@MainActor
@Suite struct LaunchRouterTests {
  let log = EventLog()

  @Test func launchingPresentsTheRootViewThenActivatesThenLoads() {
    let root = FakeRootRouter(log: log)
    let host = FakeHost()
    #expect(!root.isLaunched)

    root.launch(from: host)

    #expect(root.isLaunched)
    #expect(host.rootView === root.viewControllable)
    #expect(root.interactable.isActive)
    #expect(log.events == ["root active", "root load"])
  }

  @Test func aLaunchedRootAttachesChildrenLikeAnyRouter() {
    let root = FakeRootRouter(log: log)
    root.launch(from: FakeHost())
    let child = RecordingRouter("child", log: log)

    root.attachChild(child)

    #expect(root.children.first === child)
    #expect(child.interactable.isActive)
  }
}

@MainActor
@Suite struct BuilderTests {
  @Test func aBuilderKeepsItsDependencyAndBuildsANapkinFromIt() {
    let component = FakeComponent()
    let builder = FakeBuilder(dependency: component)

    let router = builder.build()

    #expect(builder.dependency === component)
    #expect(router.children.isEmpty)
    #expect(!router.interactable.isActive)
  }

  @Test func aPresenterKeepsItsView() {
    let view = FakeView()

    #expect(FakePresenter(viewController: view).viewController === view)
  }

  @Test func aViewableRouterExposesItsViewThroughBothTypes() {
    let router = ViewedRouter()

    #expect(router.viewControllable === router.viewController)
    #expect(router.interactor.presenter.viewController === router.viewController)
  }
}

/// A builder of `ViewedRouter` napkins below a `FakeComponent`.
@MainActor
final class FakeBuilder: Builder<FakeComponent> {
  func build() -> any ViewableRouting {
    ViewedRouter(component: FakeComponent())
  }
}
