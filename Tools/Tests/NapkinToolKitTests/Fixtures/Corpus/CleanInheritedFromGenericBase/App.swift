import Napkin

class AppComponent<D>: Component<D>, @unchecked Sendable {
  var appName: String { "App" }
}

final class RootComponent: EmptyComponent, @unchecked Sendable {
  var home: HomeComponent { HomeComponent(dependency: self) }
}

nonisolated protocol HomeDependency: Dependency {}
nonisolated extension RootComponent: HomeDependency {}

final class HomeComponent: AppComponent<any HomeDependency>, @unchecked Sendable {
  var profile: ProfileComponent { ProfileComponent(dependency: self) }
}

nonisolated protocol ProfileDependency: Dependency {
  var appName: String { get }
}
nonisolated extension HomeComponent: ProfileDependency {}

final class ProfileComponent: Component<any ProfileDependency>, @unchecked Sendable {}
