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
/// A hand-written test double, RIBs-style (`func attachChild(_ child: any Routing)`), conforms to
/// ``RoutingTestDouble``, which answers the location-taking requirements below for it.
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

  /// Attaches `child`, activates its interactor and loads it; a misuse (a child attached
  /// elsewhere, an ancestor) stops the program at `fileID` and `line`.
  ///
  /// Call it without the location: `Router`'s method and this protocol's extension default it to
  /// the caller's, as `#expect` does, so that a misuse stops at the caller's line even through
  /// `any Routing`. A test double conforms to ``RoutingTestDouble`` and writes
  /// `attachChild(_:)` alone.
  ///
  /// <!-- snippet-inside: final class Sketch: HomeRouterSketch -->
  /// ```swift
  /// attachChild(profileBuilder.build(withListener: interactor))
  /// ```
  ///
  /// Threading: main actor.
  func attachChild(_ child: any Routing, fileID: StaticString, line: UInt)

  /// Deactivates `child` and its subtree, deepest first, and detaches it; a `child` that is not a
  /// child stops the program at `fileID` and `line`.
  ///
  /// Call it without the location, as `attachChild(_:)`.
  ///
  /// <!-- snippet-inside: final class Sketch: HomeRouterSketch -->
  /// ```swift
  /// if let profile { detachChild(profile) }
  /// ```
  ///
  /// Threading: main actor.
  func detachChild(_ child: any Routing, fileID: StaticString, line: UInt)
}

extension Routing {
  /// Attaches `child` through any `Routing`, with the caller's location for a misuse stop.
  ///
  /// Generic over the child rather than taking `any Routing`, so that it is not a default
  /// implementation of the requirement: a conformer that forgets the requirement fails to
  /// compile instead of calling itself forever.
  ///
  /// ```swift
  /// let parent: any Routing = router
  /// parent.attachChild(child)
  /// ```
  ///
  /// Threading: main actor.
  public func attachChild(
    _ child: some Routing, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    attachChild(child as any Routing, fileID: fileID, line: line)
  }

  /// Detaches `child` through any `Routing`, with the caller's location for a misuse stop.
  ///
  /// ```swift
  /// let parent: any Routing = router
  /// parent.detachChild(child)
  /// ```
  ///
  /// Threading: main actor.
  public func detachChild(
    _ child: some Routing, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    detachChild(child as any Routing, fileID: fileID, line: line)
  }
}
