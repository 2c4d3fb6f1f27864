import Napkin

/// What the Profile napkin needs from its parent.
nonisolated protocol ProfileDependency: Dependency {
  var userService: UserService { get }
  var homeAnalytics: HomeAnalytics { get }
  var requestBuilder: RequestBuilder { get }
}

/// The Profile napkin's component.
final class ProfileComponent: Component<any ProfileDependency>, @unchecked Sendable {
  // SAFETY: `@unchecked Sendable` is inherited from `Component`; this class adds no stored state.

  var userService: UserService { dependency.userService }
  var homeAnalytics: HomeAnalytics { dependency.homeAnalytics }
  var requestBuilder: RequestBuilder { dependency.requestBuilder }
}
