/// Where a ``LaunchRouter`` puts the root view: a window on Apple platforms, a terminal on Linux.
///
/// ```swift
/// @MainActor
/// final class Terminal: ViewHost {
///   private(set) var rootView: (any ViewControllable)?
///   func present(rootView: any ViewControllable) { self.rootView = rootView }
/// }
/// ```
///
/// Threading: main actor.
@MainActor
public protocol ViewHost: AnyObject {
  /// Shows `rootView` as the host's content; called once, by ``LaunchRouter/launch(from:)``.
  ///
  /// ```swift
  /// host.present(rootView: router.viewControllable)
  /// ```
  ///
  /// Threading: main actor.
  func present(rootView: any ViewControllable)
}
