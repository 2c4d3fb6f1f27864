import Napkin

/// A leaf with nothing to ask of its parent, as Needle's `Component<EmptyDependency>`.
final class SettingsComponent: Component<any EmptyDependency> {
  var title: String { "Settings" }
}
