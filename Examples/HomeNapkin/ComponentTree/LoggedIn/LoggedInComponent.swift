import Napkin

/// What the LoggedIn napkin needs from its parent.
nonisolated protocol LoggedInDependency: Dependency {
  var userService: UserService { get }
}

/// The LoggedIn napkin's component: the scope of one signed-in session.
final class LoggedInComponent: Component<any LoggedInDependency>, HomeDependency,
  @unchecked Sendable
{
  // SAFETY: `@unchecked Sendable` is inherited from `Component`; this class adds no stored state.

  var userService: UserService { dependency.userService }
}
