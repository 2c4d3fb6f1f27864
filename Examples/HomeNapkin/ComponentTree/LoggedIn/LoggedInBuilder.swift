import Napkin

/// Who hears that the user signed out: the parent's interactor.
@MainActor
protocol LoggedInListener: AnyObject {
  func didLogOut()
}

/// Where LoggedIn, which has no view of its own, shows its children's views: the parent's view.
@MainActor
protocol LoggedInViewControllable: ViewControllable {
  func present(_ view: any ViewControllable)
  func dismiss(_ view: any ViewControllable)
}

/// Builds the LoggedIn napkin.
@MainActor
protocol LoggedInBuildable: Buildable {
  func build(
    withListener listener: any LoggedInListener, viewController: any LoggedInViewControllable
  ) -> any LoggedInRouting
}

final class LoggedInBuilder: Builder<any LoggedInDependency>, LoggedInBuildable {
  func build(
    withListener listener: any LoggedInListener, viewController: any LoggedInViewControllable
  ) -> any LoggedInRouting {
    let component = LoggedInComponent(dependency: dependency)
    let interactor = LoggedInInteractor(userService: component.userService)
    interactor.listener = listener
    return LoggedInRouter(
      interactor: interactor, viewController: viewController, component: component,
      homeBuilder: component.homeBuilder)
  }
}
