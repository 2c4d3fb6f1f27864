import Napkin

final class RootComponent: EmptyComponent, @unchecked Sendable {
  var settings: SettingsComponent { SettingsComponent(dependency: self) }
}

/// Built by its parent, with nothing to ask of it.
final class SettingsComponent: Component<any EmptyDependency>, @unchecked Sendable {
  var title: String { "Settings" }
}
