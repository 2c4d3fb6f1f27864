import Napkin

final class RootComponent: EmptyComponent, @unchecked Sendable {
  var loggedOut: LoggedOutComponent { LoggedOutComponent(dependency: self) }
}

nonisolated protocol LoggedOutDependency: Dependency {}

final class LoggedOutComponent: Component<any LoggedOutDependency>, @unchecked Sendable {}
