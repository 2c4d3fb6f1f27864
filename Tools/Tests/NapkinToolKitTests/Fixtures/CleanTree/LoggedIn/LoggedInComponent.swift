import Napkin

nonisolated protocol LoggedInDependency: Dependency {
  var userService: any UserService { get }
  var clock: any Clock { get }
}

final class LoggedInComponent: Component<any LoggedInDependency>, HomeDependency {
  var userService: any UserService { dependency.userService }

  var session: Session {
    shared { Session(user: dependency.userService.currentUser, clock: dependency.clock) }
  }

  /// A method without parameters has a key of its own.
  func makeReporter() -> Reporter {
    shared { Reporter(clock: dependency.clock) }
  }

  /// A method with parameters may call `shared` with keys it chooses.
  func cache(named name: String) -> Cache {
    shared(forCallerKey: "cache-\(name)") { Cache(name: name) }
  }
}
