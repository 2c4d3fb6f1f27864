/// The presentation role of a napkin: what its interactor may show.
///
/// A napkin's own presentable protocol refines it; the interactor holds the presenter through that
/// protocol, so a test can hand it a spy:
///
/// ```swift
/// @MainActor
/// protocol LoggedOutPresentable: Presentable {
///   var listener: (any LoggedOutPresentableListener)? { get set }
///   func show(error: String)
/// }
/// ```
///
/// When the view itself conforms, the napkin needs no ``Presenter`` object. Either way, hold the
/// listener (the interactor) weakly.
///
/// Threading: main actor.
@MainActor
public protocol Presentable: AnyObject {}
