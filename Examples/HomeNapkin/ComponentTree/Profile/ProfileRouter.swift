import Napkin

/// The routes of the Profile napkin: none; it only has a view.
@MainActor
protocol ProfileRouting: ViewableRouting {}

/// What the Profile router does with its view: nothing beyond owning it.
@MainActor
protocol ProfileViewControllable: ViewControllable {}

/// The router of the profile screen.
final class ProfileRouter: ViewableRouter<any ProfileInteractable, any ProfileViewControllable>,
  ProfileRouting
{
  override init(
    interactor: any ProfileInteractable, viewController: any ProfileViewControllable,
    component: (any Dependency)?
  ) {
    super.init(interactor: interactor, viewController: viewController, component: component)
    interactor.router = self
  }
}
