import Napkin

nonisolated protocol ProfileDependency: UserDependency {
  var profileFormatter: ProfileFormatter { get }
}

/// Refined by ProfileDependency: HomeComponent conforms to it through that refinement.
nonisolated protocol UserDependency: Dependency {
  var userService: any UserService { get }
}

final class ProfileComponent: Component<any ProfileDependency> {
  var formatter: ProfileFormatter { dependency.profileFormatter }

  var title: String { "Profile" }
}

final class ProfileBuilder {
  func build(component: ProfileComponent) -> ProfileView {
    ProfileView(formatter: component.formatter)
  }
}
