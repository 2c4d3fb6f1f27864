import Napkin

nonisolated protocol HomeDependency: Dependency {
  var userService: any UserService { get }
  var clock: any Clock { get }
}

// Neither pass-through is required by a child or read on a HomeComponent: both are unused.
final class HomeComponent: Component<any HomeDependency> {
  var userService: any UserService { dependency.userService }
  var clock: any Clock { dependency.clock }
}
