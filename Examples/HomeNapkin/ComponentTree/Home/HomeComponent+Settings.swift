import Napkin

// The edge from Home to Settings. `HomeComponent` declares `SettingsDependency`; handing `self`
// to the child's builder here is where the compiler checks that it provides all of it.
// Main actor: builders are napkin units; the component itself stays Sendable.
@MainActor
extension HomeComponent {
  var settingsBuilder: any SettingsBuildable {
    SettingsBuilder(dependency: self)
  }
}
