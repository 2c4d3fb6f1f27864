import Napkin

nonisolated protocol HomeDependency: Dependency {
  var userService: any UserService { get }
  var clock: any Clock { get }
}

final class HomeComponent: Component<any HomeDependency> {
  var clock: any Clock { dependency.clock }
}
