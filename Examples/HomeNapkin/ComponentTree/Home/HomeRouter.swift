import Napkin

/// The routes of the Home napkin.
@MainActor
protocol HomeRouting: ViewableRouting {
  func routeToProfile()
  func routeToSettings()
  func routeBack()
}

/// What the Home router does with its view: show one child's view over it at a time.
@MainActor
protocol HomeViewControllable: ViewControllable {
  func present(_ view: any ViewControllable)
  func dismiss(_ view: any ViewControllable)
}

/// Shows Profile or Settings over Home, one at a time.
final class HomeRouter: ViewableRouter<any HomeInteractable, any HomeViewControllable>,
  HomeRouting
{
  private let profileBuilder: any ProfileBuildable
  private let settingsBuilder: any SettingsBuildable
  /// The child shown over Home, if any: Profile or Settings.
  private var presented: (any ViewableRouting)?

  init(
    interactor: any HomeInteractable, viewController: any HomeViewControllable,
    component: HomeComponent, profileBuilder: any ProfileBuildable,
    settingsBuilder: any SettingsBuildable
  ) {
    self.profileBuilder = profileBuilder
    self.settingsBuilder = settingsBuilder
    super.init(interactor: interactor, viewController: viewController, component: component)
    interactor.router = self
  }

  func routeToProfile() {
    guard !(presented is any ProfileRouting) else { return }
    show(profileBuilder.build(withListener: interactor))
  }

  func routeToSettings() {
    guard !(presented is any SettingsRouting) else { return }
    show(settingsBuilder.build(withListener: interactor))
  }

  func routeBack() {
    guard let presented else { return }
    viewController.dismiss(presented.viewControllable)
    detachChild(presented)
    self.presented = nil
  }

  private func show(_ child: any ViewableRouting) {
    routeBack()
    presented = child
    attachChild(child)
    viewController.present(child.viewControllable)
  }
}
