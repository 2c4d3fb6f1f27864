import Napkin

/// Who hears that the profile wants to close: the parent's interactor.
@MainActor
protocol ProfileListener: AnyObject {
  func profileDidRequestClose()
}

/// Builds the Profile napkin.
@MainActor
protocol ProfileBuildable: Buildable {
  func build(withListener listener: any ProfileListener) -> any ProfileRouting
}

final class ProfileBuilder: Builder<any ProfileDependency>, ProfileBuildable {
  func build(withListener listener: any ProfileListener) -> any ProfileRouting {
    let component = ProfileComponent(dependency: dependency)
    let view = ProfileView()
    let interactor = ProfileInteractor(
      presenter: view, userService: component.userService, analytics: component.homeAnalytics,
      requestBuilder: component.requestBuilder)
    interactor.listener = listener
    return ProfileRouter(interactor: interactor, viewController: view, component: component)
  }
}
