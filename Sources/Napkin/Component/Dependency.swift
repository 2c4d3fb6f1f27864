/// The marker protocol every napkin's dependency protocol refines.
///
/// A napkin declares what it needs from its parent as a protocol:
///
/// ```swift
/// nonisolated protocol HomeDependency: Dependency {
///   var userService: UserService { get }
/// }
/// ```
///
/// The parent's ``Component`` conforms to it, so a missing dependency is a compile error, never a
/// runtime lookup failure. Dependencies are class-bound: a component (or a test's fake) provides
/// them, and a class-bound existential is two words, which keeps every component small.
///
/// Threading: `Sendable`. A napkin reaches its parent's component from whatever thread or actor it
/// runs on, so whatever provides a dependency is shared across threads and must be safe to share.
/// Components are; a test's fake must be too (a `final class` of `let`s, an actor, or a
/// `@MainActor` class).
public protocol Dependency: AnyObject, Sendable {}

/// The dependency of a napkin that needs nothing from a parent: the root of a tree.
///
/// ```swift
/// final class AppComponent: EmptyComponent, RootDependency, @unchecked Sendable {
///   var userService: UserService { shared { UserService() } }
/// }
/// ```
///
/// Threading: as ``Dependency``.
public protocol EmptyDependency: Dependency {}
