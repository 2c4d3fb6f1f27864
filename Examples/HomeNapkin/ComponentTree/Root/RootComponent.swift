import Napkin

/// What the root napkin needs from the app.
nonisolated protocol RootDependency: Dependency {
  var userService: UserService { get }
}

/// The root napkin's component: it passes the app's services down to both of its children.
final class RootComponent: Component<any RootDependency>, LoggedOutDependency, LoggedInDependency,
  @unchecked Sendable
{
  // SAFETY: `@unchecked Sendable` is inherited from `Component`; this class adds no stored state.

  var userService: UserService { dependency.userService }
}
