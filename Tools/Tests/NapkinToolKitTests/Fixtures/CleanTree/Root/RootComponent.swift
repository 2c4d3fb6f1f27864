import Napkin

final class RootComponent: EmptyComponent, LoggedInDependency {
  let launchDate: Date

  var userService: any UserService {
    shared { LiveUserService() }
  }

  var clock: any Clock { shared { SystemClock() } }

  init(launchDate: Date) {
    self.launchDate = launchDate
    super.init()
  }
}
