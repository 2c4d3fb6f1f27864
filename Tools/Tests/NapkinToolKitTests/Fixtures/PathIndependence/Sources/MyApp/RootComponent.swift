import Napkin

final class RootComponent: EmptyComponent, HomeDependency {
  var userService: any UserService { shared { LiveUserService() } }
  var clock: any Clock { shared { SystemClock() } }
}
