import Napkin

/// What the Home napkin needs from its parent.
nonisolated protocol HomeDependency: Dependency {
  var userService: UserService { get }
}

/// The Home napkin's component, in the shape of the `Component` reference: a pass-through, a
/// shared instance and a fresh-per-call helper.
final class HomeComponent: Component<any HomeDependency>,
  ProfileDependency,
  SettingsDependency,
  @unchecked Sendable
{
  // SAFETY: `@unchecked Sendable` is inherited from `Component`; this class adds no stored state.

  // Pass-through from the parent.
  var userService: UserService { dependency.userService }

  // Lazily created and cached for the lifetime of this component.
  var homeAnalytics: HomeAnalytics {
    shared { HomeAnalytics(userService: dependency.userService) }
  }

  // A non-shared dependency: a fresh instance each call.
  var requestBuilder: RequestBuilder {
    RequestBuilder(userService: dependency.userService)
  }
}
