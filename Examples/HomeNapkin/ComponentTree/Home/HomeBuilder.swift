import Napkin

/// Who hears that the user wants to sign out: the parent's interactor.
@MainActor
protocol HomeListener: AnyObject {
  func homeDidRequestLogOut()
}

/// Builds the Home napkin.
@MainActor
protocol HomeBuildable: Buildable {
  func build(withListener listener: any HomeListener) -> any HomeRouting
}

final class HomeBuilder: Builder<any HomeDependency>, HomeBuildable {
  func build(withListener listener: any HomeListener) -> any HomeRouting {
    let component = HomeComponent(dependency: dependency)
    let view = HomeView()
    let interactor = HomeInteractor(
      presenter: view, userService: component.userService, analytics: component.homeAnalytics)
    interactor.listener = listener
    return HomeRouter(
      interactor: interactor, viewController: view, component: component,
      profileBuilder: component.profileBuilder, settingsBuilder: component.settingsBuilder)
  }
}
