import Napkin

final class RootComponent: EmptyComponent, @unchecked Sendable {
  var settings: SettingsComponent { SettingsComponent(dependency: self) }
}

nonisolated protocol SettingsDependency: Dependency {
  subscript(key: String) -> Int { get }
}
nonisolated extension RootComponent: SettingsDependency {}

final class SettingsComponent: Component<any SettingsDependency>, @unchecked Sendable {}
