/// A napkin's view, as routers see it: no UI framework required.
///
/// On Apple platforms a `UIViewController` or a SwiftUI hosting object conforms; on Linux a
/// terminal screen or a test double does. The protocol asks for nothing: a napkin's own view
/// protocol refines it with what its router needs, typically presenting and dismissing the views
/// of child napkins:
///
/// ```swift
/// @MainActor
/// protocol HomeViewControllable: ViewControllable {
///   func present(_ child: any ViewControllable)
///   func dismiss(_ child: any ViewControllable)
/// }
/// ```
///
/// Threading: main actor.
@MainActor
public protocol ViewControllable: AnyObject {}
