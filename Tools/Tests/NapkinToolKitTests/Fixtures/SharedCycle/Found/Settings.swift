import Napkin

nonisolated protocol SettingsDependency: Dependency {
  var theme: Theme { get }
}

nonisolated extension HomeComponent: SettingsDependency {
  // Built from a child that reads it back through its dependency.
  var theme: Theme { shared { Theme(preview: SettingsComponent(dependency: self).preview) } }
}

final class SettingsComponent: Component<any SettingsDependency>, @unchecked Sendable {
  var preview: Theme { dependency.theme }
}
