import Napkin

final class RootComponent: EmptyComponent, @unchecked Sendable {
  var profile: ProfileComponent { ProfileComponent(dependency: self) }
}

nonisolated protocol ProfileDependency: Dependency {
  var pageSize: Int { get }
}

nonisolated extension ProfileDependency {
  var pageSize: Int { 20 }
}

nonisolated extension RootComponent: ProfileDependency {}

final class ProfileComponent: Component<any ProfileDependency>, @unchecked Sendable {}
