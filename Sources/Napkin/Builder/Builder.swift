/// The base class of a napkin's builder: it holds the parent's dependency and builds the napkin.
///
/// A concrete builder's `build(...)` creates, in order, the napkin's component (from
/// ``dependency``), its view, presenter and interactor, and its router, and returns the router
/// through the napkin's routing protocol:
///
/// ```swift
/// final class ProfileBuilder: Builder<any ProfileDependency>, ProfileBuildable {
///   func build(withListener listener: any ProfileListener) -> any ProfileRouting {
///     let component = ProfileComponent(dependency: dependency)
///     let view = ProfileView()
///     let interactor = ProfileInteractor(
///       presenter: view, userService: component.userService, analytics: component.homeAnalytics,
///       requestBuilder: component.requestBuilder)
///     interactor.listener = listener
///     return ProfileRouter(interactor: interactor, viewController: view, component: component)
///   }
/// }
/// ```
///
/// A builder is cheap and keeps its dependency (the parent's component) alive; a parent router
/// creates one per child napkin and keeps it for its own lifetime.
///
/// Threading: main actor; the dependency itself is `Sendable` when it is a ``Component``.
@MainActor
open class Builder<DependencyType>: Buildable {
  /// What the parent provides to this napkin: the parent's component, or a test's fake.
  ///
  /// <!-- snippet-inside: final class SketchBuilder: Builder<any ProfileDependency> -->
  /// ```swift
  /// let component = ProfileComponent(dependency: dependency)
  /// ```
  ///
  /// Threading: immutable.
  public let dependency: DependencyType

  /// Creates a builder for napkins below the parent that provides `dependency`.
  ///
  /// ```swift
  /// let profileBuilder = ProfileBuilder(dependency: homeComponent)
  /// ```
  ///
  /// Threading: main actor.
  public init(dependency: DependencyType) {
    self.dependency = dependency
  }
}
