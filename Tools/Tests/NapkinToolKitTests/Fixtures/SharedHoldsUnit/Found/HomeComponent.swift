import Napkin

final class HomeComponent: EmptyComponent, @unchecked Sendable {
  var profileBuilder: any ProfileBuildable { shared { ProfileBuilder(dependency: self) } }

  var settingsRouter: SettingsRouter {
    shared { SettingsRouter(interactor: SettingsInteractor(), viewController: SettingsView()) }
  }
}
