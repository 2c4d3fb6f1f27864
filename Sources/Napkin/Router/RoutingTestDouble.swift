/// A `Routing` written by hand for a test, RIBs-style: its `attachChild(_:)` and
/// `detachChild(_:)` take the child alone.
///
/// ``Routing``'s requirements take the caller's location, so that misuse of a real ``Router``
/// stops at the caller's line even through `any Routing`. A test double has no misuse to report,
/// so it conforms to this protocol instead, which implements the location-taking requirements
/// by calling the two methods below. A mock ported from RIBs compiles as it was, once it
/// conforms to `RoutingTestDouble` rather than `Routing`:
///
/// ```swift
/// final class RoutingMock: RoutingTestDouble {
///   let interactable: any Interactable
///   private(set) var children: [any Routing] = []
///   private(set) var attachChildCallCount = 0
///   private(set) var detachChildCallCount = 0
///
///   init(interactable: any Interactable) {
///     self.interactable = interactable
///   }
///
///   func load() {}
///
///   func attachChild(_ child: any Routing) {
///     attachChildCallCount += 1
///     children.append(child)
///   }
///
///   func detachChild(_ child: any Routing) {
///     detachChildCallCount += 1
///     children.removeAll { $0 === child }
///   }
/// }
/// ```
///
/// Threading: main actor, like every napkin unit.
@MainActor
public protocol RoutingTestDouble: Routing {
  /// Records or performs the attach of `child`.
  ///
  /// <!-- snippet-inside: extension RoutingTestDouble -->
  /// ```swift
  /// attachChild(Router(interactor: Interactor()))  // records the child
  /// ```
  ///
  /// Threading: main actor.
  func attachChild(_ child: any Routing)

  /// Records or performs the detach of `child`.
  ///
  /// <!-- snippet-inside: extension RoutingTestDouble -->
  /// ```swift
  /// detachChild(Router(interactor: Interactor()))  // records the child
  /// ```
  ///
  /// Threading: main actor.
  func detachChild(_ child: any Routing)
}

extension RoutingTestDouble {
  /// ``Routing``'s requirement, answered by ``attachChild(_:)``: a double has no misuse to report
  /// at the caller's location.
  ///
  /// <!-- snippet-inside: extension RoutingTestDouble -->
  /// ```swift
  /// let parent: any Routing = self
  /// parent.attachChild(Router(interactor: Interactor()))  // calls attachChild(_:) above
  /// ```
  ///
  /// Threading: main actor.
  public func attachChild(_ child: any Routing, fileID: StaticString, line: UInt) {
    attachChild(child)
  }

  /// ``Routing``'s requirement, answered by ``detachChild(_:)``.
  ///
  /// <!-- snippet-inside: extension RoutingTestDouble -->
  /// ```swift
  /// let parent: any Routing = self
  /// parent.detachChild(Router(interactor: Interactor()))  // calls detachChild(_:) above
  /// ```
  ///
  /// Threading: main actor.
  public func detachChild(_ child: any Routing, fileID: StaticString, line: UInt) {
    detachChild(child)
  }
}
