import Napkin

/// Who hears that someone signed in: the parent's interactor.
@MainActor
protocol LoggedOutListener: AnyObject {
  func didLogIn(as user: User)
}

/// Builds the LoggedOut napkin.
@MainActor
protocol LoggedOutBuildable: Buildable {
  func build(withListener listener: any LoggedOutListener) -> any LoggedOutRouting
}

final class LoggedOutBuilder: Builder<any LoggedOutDependency>, LoggedOutBuildable {
  func build(withListener listener: any LoggedOutListener) -> any LoggedOutRouting {
    let component = LoggedOutComponent(dependency: dependency)
    let view = LoggedOutView()
    let interactor = LoggedOutInteractor(presenter: view, userService: component.userService)
    interactor.listener = listener
    return LoggedOutRouter(interactor: interactor, viewController: view, component: component)
  }
}
