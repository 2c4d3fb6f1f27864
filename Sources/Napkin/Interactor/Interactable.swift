/// The business-logic role of a napkin, as its router and its tests see it.
///
/// A router activates its child's interactor when it attaches the child and deactivates it when it
/// detaches it; nothing else should call ``activate()`` or ``deactivate()``. Subclass
/// ``Interactor`` (or ``PresentableInteractor``) rather than conforming directly; conform directly
/// only for a test double:
///
/// ```swift
/// @MainActor
/// final class InteractableSpy: Interactable {
///   private(set) var isActive = false
///   var isActiveStream: AsyncStream<Bool> { AsyncStream { $0.yield(isActive) } }
///   func activate() { isActive = true }
///   func deactivate() { isActive = false }
/// }
/// ```
///
/// Threading: main actor, like every napkin unit.
@MainActor
public protocol Interactable: AnyObject {
  /// Whether the interactor is between ``activate()`` and ``deactivate()``.
  ///
  /// ```swift
  /// if !interactor.isActive { print("Home is not attached") }
  /// ```
  ///
  /// Threading: main actor.
  var isActive: Bool { get }

  /// The active state as an asynchronous sequence: the current value first, then every change.
  ///
  /// ```swift
  /// for await active in interactor.isActiveStream where !active { break }
  /// ```
  ///
  /// Threading: read it on the main actor; iterate the sequence from any task.
  var isActiveStream: AsyncStream<Bool> { get }

  /// Starts the interactor's active period.
  ///
  /// ```swift
  /// child.interactable.activate()  // what `attachChild(_:)` does for you
  /// ```
  ///
  /// Threading: main actor.
  func activate()

  /// Ends the interactor's active period.
  ///
  /// ```swift
  /// child.interactable.deactivate()  // what `detachChild(_:)` does for you
  /// ```
  ///
  /// Threading: main actor.
  func deactivate()
}
