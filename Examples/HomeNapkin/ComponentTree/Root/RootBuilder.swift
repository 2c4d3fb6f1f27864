import Napkin

/// Builds the root napkin.
@MainActor
protocol RootBuildable: Buildable {
  func build(leakDetector: LeakDetector) -> any LaunchRouting
}

final class RootBuilder: Builder<any RootDependency>, RootBuildable {
  func build(leakDetector: LeakDetector) -> any LaunchRouting {
    let component = RootComponent(dependency: dependency)
    let view = RootView()
    let interactor = RootInteractor(presenter: view)
    let router = RootRouter(
      interactor: interactor, viewController: view, component: component,
      loggedOutBuilder: component.loggedOutBuilder, loggedInBuilder: component.loggedInBuilder)
    router.leakDetector = leakDetector
    return router
  }
}
