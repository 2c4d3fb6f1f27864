import Napkin

nonisolated protocol LoggedOutDependency: Dependency {}

final class LoggedOutComponent: Component<any LoggedOutDependency>, @unchecked Sendable {}

final class RootComponent: EmptyComponent, @unchecked Sendable {
  var loggedOut: LoggedOutComponent { LoggedOutComponent(parent: self) }
}

nonisolated extension RootComponent: LoggedOutDependency {}
