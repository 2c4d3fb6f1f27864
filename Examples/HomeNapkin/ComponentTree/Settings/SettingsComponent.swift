import Napkin

/// What the Settings napkin needs from its parent.
nonisolated protocol SettingsDependency: Dependency {
  var homeAnalytics: HomeAnalytics { get }
  var requestBuilder: RequestBuilder { get }
}

/// The Settings napkin's component.
final class SettingsComponent: Component<any SettingsDependency>, @unchecked Sendable {
  // SAFETY: `@unchecked Sendable` is inherited from `Component`; this class adds no stored state.

  var homeAnalytics: HomeAnalytics { dependency.homeAnalytics }
  var requestBuilder: RequestBuilder { dependency.requestBuilder }
}
