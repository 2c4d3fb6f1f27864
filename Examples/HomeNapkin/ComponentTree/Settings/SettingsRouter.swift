import Napkin

/// The routes of the Settings napkin: none; it only has a view.
@MainActor
protocol SettingsRouting: ViewableRouting {}

/// What the Settings router does with its view: nothing beyond owning it.
@MainActor
protocol SettingsViewControllable: ViewControllable {}

/// The router of the settings screen.
final class SettingsRouter: ViewableRouter<
  any SettingsInteractable, any SettingsViewControllable
>, SettingsRouting
{
  override init(
    interactor: any SettingsInteractable, viewController: any SettingsViewControllable,
    component: (any Dependency)?
  ) {
    super.init(interactor: interactor, viewController: viewController, component: component)
    interactor.router = self
  }
}
