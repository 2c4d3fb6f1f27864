import Napkin

/// Who hears that the settings want to close: the parent's interactor.
@MainActor
protocol SettingsListener: AnyObject {
  func settingsDidRequestClose()
}

/// Builds the Settings napkin.
@MainActor
protocol SettingsBuildable: Buildable {
  func build(withListener listener: any SettingsListener) -> any SettingsRouting
}

final class SettingsBuilder: Builder<any SettingsDependency>, SettingsBuildable {
  func build(withListener listener: any SettingsListener) -> any SettingsRouting {
    let component = SettingsComponent(dependency: dependency)
    let view = SettingsView()
    let interactor = SettingsInteractor(
      presenter: view, analytics: component.homeAnalytics,
      requestBuilder: component.requestBuilder)
    interactor.listener = listener
    return SettingsRouter(interactor: interactor, viewController: view, component: component)
  }
}
