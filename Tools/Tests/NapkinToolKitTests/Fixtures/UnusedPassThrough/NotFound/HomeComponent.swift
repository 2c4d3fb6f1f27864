import Napkin

nonisolated protocol HomeDependency: Dependency {
  var userService: any UserService { get }
  var clock: any Clock { get }
}

nonisolated protocol ProfileDependency: Dependency {
  var userService: any UserService { get }
}

final class HomeComponent: Component<any HomeDependency>, ProfileDependency {
  // Required by ProfileDependency.
  var userService: any UserService { dependency.userService }

  // Read by the builder.
  var clock: any Clock { dependency.clock }
}

final class HomeBuilder {
  func build(dependency: any HomeDependency) -> HomeInteractor {
    let component = HomeComponent(dependency: dependency)
    return HomeInteractor(clock: component.clock)
  }
}

final class ProfileComponent: Component<any ProfileDependency> {
  var greeting: Greeting { Greeting(userService: dependency.userService) }
}
