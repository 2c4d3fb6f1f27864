import Napkin

nonisolated protocol ApplicationSettingsDependency: Dependency {}

/// The root of the tree: what every napkin below it shares.
final class AppComponent: EmptyComponent, BadgeDependency, ApplicationSettingsDependency {
  var appName: String { "Badges" }
}
