import Napkin

final class HomeBuilder: Builder<any HomeDependency> {
  func build() -> HomeRouter {
    let component = HomeComponent(dependency: dependency)
    let interactor = HomeInteractor(analytics: component.homeAnalytics)
    return HomeRouter(interactor: interactor, profile: ProfileBuilder(dependency: component))
  }
}
