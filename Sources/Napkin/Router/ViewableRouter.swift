/// The base class of the router of a napkin that owns a view.
///
/// The router holds the view strongly; a parent presents it when it attaches the child and
/// dismisses it when it detaches the child:
///
/// ```swift
/// final class ShelfRouter: ViewableRouter<any HomeInteractable, any HomeViewControllable> {
///   private let profileBuilder: any ProfileBuildable
///
///   init(
///     interactor: any HomeInteractable, view: any HomeViewControllable,
///     profileBuilder: any ProfileBuildable
///   ) {
///     self.profileBuilder = profileBuilder
///     super.init(interactor: interactor, viewController: view)
///   }
///
///   func routeToProfile() {
///     let profile = profileBuilder.build(withListener: interactor)
///     attachChild(profile)
///     viewController.present(profile.viewControllable)
///   }
/// }
/// ```
///
/// Threading: main actor, as ``Router``.
@MainActor
open class ViewableRouter<InteractorType, ViewControllerType>: Router<InteractorType>,
  ViewableRouting
{
  /// The napkin's view, through the type the router works with.
  ///
  /// <!-- snippet-inside: final class Sketch: HomeRouterSketch -->
  /// ```swift
  /// viewController.dismiss(child.viewControllable)
  /// ```
  ///
  /// Threading: main actor.
  public let viewController: ViewControllerType

  /// The same view, through its role.
  ///
  /// ```swift
  /// host.present(rootView: router.viewControllable)
  /// ```
  ///
  /// Threading: main actor.
  public let viewControllable: any ViewControllable

  /// Creates a router for `interactor` and `viewController` and, optionally, the napkin's
  /// `component`; `viewController` must conform to ``ViewControllable`` (checked here, as the
  /// napkin's view protocol is usually an existential).
  ///
  /// ```swift
  /// let router = ViewableRouter(
  ///   interactor: Interactor(), viewController: HomeView(), component: homeComponent)
  /// ```
  ///
  /// Threading: main actor.
  public init(
    interactor: InteractorType, viewController: ViewControllerType,
    component: (any Dependency)? = nil
  ) {
    guard let viewControllable = viewController as? any ViewControllable else {
      napkinMisuse(
        "the view of \(Self.self), of type \(type(of: viewController as Any)), does not conform "
          + "to ViewControllable.")
    }
    self.viewController = viewController
    self.viewControllable = viewControllable
    super.init(interactor: interactor, component: component)
  }
}
