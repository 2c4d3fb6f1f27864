import Napkin

final class RootComponent: EmptyComponent, @unchecked Sendable {
  subscript(key: String) -> Int { key.count }
  subscript(for key: String, default value: Int) -> Int { value }
  var home: HomeComponent { HomeComponent(dependency: self) }
}

nonisolated protocol HomeDependency: Dependency {}
nonisolated extension RootComponent: HomeDependency {}

final class HomeComponent: Component<any HomeDependency>, @unchecked Sendable {
  var profile: ProfileComponent { ProfileComponent(dependency: self) }
}

nonisolated protocol ProfileDependency: Dependency {
  subscript(key: String) -> Int { get }
  subscript(for key: String, default value: Int) -> Int { get }
}
nonisolated extension HomeComponent: ProfileDependency {}

final class ProfileComponent: Component<any ProfileDependency>, @unchecked Sendable {}
