/// A component with no parent: the base class of a tree's root component.
///
/// ```swift
/// final class AppComponent: EmptyComponent, RootDependency, @unchecked Sendable {
///   var userService: UserService { shared { UserService() } }
/// }
///
/// let appComponent = AppComponent()
/// ```
///
/// Threading: as ``Component``, it is `Sendable`, and nonisolated: a root component declared in a
/// module whose default isolation is `MainActor` inherits `nonisolated` from it.
nonisolated open class EmptyComponent: Component<any EmptyDependency>, EmptyDependency,
  @unchecked Sendable
{
  // SAFETY: `@unchecked Sendable` is inherited from `Component`; this class adds no stored state.

  /// Creates a root component.
  ///
  /// Threading: may be called on any thread.
  public init() {
    super.init(dependency: NoParent.instance)
  }
}

/// The dependency of a root component: there is nothing above it.
private final class NoParent: EmptyDependency, Sendable {
  static let instance = NoParent()
}
