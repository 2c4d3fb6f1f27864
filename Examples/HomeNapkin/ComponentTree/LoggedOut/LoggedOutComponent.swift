import Napkin

/// What the LoggedOut napkin needs from its parent.
nonisolated protocol LoggedOutDependency: Dependency {
  var userService: UserService { get }
}

/// The LoggedOut napkin's component.
final class LoggedOutComponent: Component<any LoggedOutDependency>, @unchecked Sendable {
  // SAFETY: `@unchecked Sendable` is inherited from `Component`; this class adds no stored state.

  var userService: UserService { dependency.userService }
}
