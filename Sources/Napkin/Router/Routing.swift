/// The routing role of a napkin: a node of the router tree that attaches and detaches children.
///
/// A napkin's own routing protocol refines it with the routes its interactor may ask for, and the
/// interactor holds the router through that protocol, so a test can hand it a spy:
///
/// ```swift
/// @MainActor
/// protocol HomeRouting: ViewableRouting {
///   func routeToProfile()
///   func routeBack()
/// }
/// ```
///
/// Subclass ``Router`` or ``ViewableRouter`` to implement it; the tree operations there are final.
///
/// Threading: main actor, like every napkin unit.
@MainActor
public protocol Routing: AnyObject {
  /// The napkin's interactor, activated and deactivated with the router.
  ///
  /// ```swift
  /// #expect(router.interactable.isActive)
  /// ```
  ///
  /// Threading: main actor.
  var interactable: any Interactable { get }

  /// The attached child routers, in the order they were attached.
  ///
  /// ```swift
  /// for child in router.children { print(type(of: child)) }
  /// ```
  ///
  /// Threading: main actor.
  var children: [any Routing] { get }

  /// Loads the router the first time it is attached or launched; later calls do nothing.
  ///
  /// ```swift
  /// child.load()  // what `attachChild(_:)` does for you
  /// ```
  ///
  /// Threading: main actor.
  func load()

  /// Attaches `child`, activates its interactor and loads it.
  ///
  /// <!-- snippet-inside: final class Sketch: HomeRouterSketch -->
  /// ```swift
  /// attachChild(profileBuilder.build(withListener: interactor))
  /// ```
  ///
  /// Threading: main actor.
  func attachChild(_ child: any Routing)

  /// Deactivates `child` and its subtree, deepest first, and detaches it.
  ///
  /// <!-- snippet-inside: final class Sketch: HomeRouterSketch -->
  /// ```swift
  /// if let profile { detachChild(profile) }
  /// ```
  ///
  /// Threading: main actor.
  func detachChild(_ child: any Routing)
}
