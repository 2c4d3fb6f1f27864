import Napkin

/// The routes of the LoggedOut napkin: none; it only has a view.
@MainActor
protocol LoggedOutRouting: ViewableRouting {}

/// What the LoggedOut router does with its view: nothing beyond owning it.
@MainActor
protocol LoggedOutViewControllable: ViewControllable {}

/// The router of the sign-in screen.
final class LoggedOutRouter: ViewableRouter<
  any LoggedOutInteractable, any LoggedOutViewControllable
>, LoggedOutRouting
{
  override init(
    interactor: any LoggedOutInteractable, viewController: any LoggedOutViewControllable,
    component: (any Dependency)?
  ) {
    super.init(interactor: interactor, viewController: viewController, component: component)
    interactor.router = self
  }
}
