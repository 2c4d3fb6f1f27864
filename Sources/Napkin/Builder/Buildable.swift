/// The building role of a napkin: a napkin's own buildable protocol declares its `build` method,
/// so a parent router can be tested with a builder that returns a spy router.
///
/// ```swift
/// @MainActor
/// protocol ProfileBuildable: Buildable {
///   func build(withListener listener: any ProfileListener) -> any ProfileRouting
/// }
/// ```
///
/// Threading: main actor.
@MainActor
public protocol Buildable: AnyObject {}
