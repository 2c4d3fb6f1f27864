/// The routing role of a napkin that owns a view.
///
/// ```swift
/// @MainActor
/// protocol ProfileRouting: ViewableRouting {}
/// ```
///
/// Threading: main actor.
@MainActor
public protocol ViewableRouting: Routing {
  /// The napkin's view, for the parent to present.
  ///
  /// <!-- snippet-inside: final class Sketch: HomeRouterSketch -->
  /// ```swift
  /// viewController.present(child.viewControllable)
  /// ```
  ///
  /// Threading: main actor.
  var viewControllable: any ViewControllable { get }
}
