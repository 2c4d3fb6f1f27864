import Napkin

/// The component above the root napkin: what the whole app shares, built on the app's
/// ``HomeNapkinBoundaries``.
///
/// ```swift
/// let root = RootBuilder(dependency: AppComponent(boundaries: .live)).build(leakDetector: .shared)
/// ```
///
/// A test builds the tree on its own `AppComponent`, so every run starts signed out with fresh
/// services; it passes fake boundaries to run the real tree against them.
final class AppComponent: EmptyComponent, RootDependency, @unchecked Sendable {
  // SAFETY: `@unchecked Sendable` is inherited from `Component`; this class adds one `let` of a
  // Sendable value, which is safe to read from any thread.

  /// The services at the edge of the app.
  let boundaries: HomeNapkinBoundaries

  init(boundaries: HomeNapkinBoundaries = .live) {
    self.boundaries = boundaries
    super.init()
  }

  /// One user service for the app, on the boundaries' sign-in server.
  var userService: UserService {
    shared { UserService(server: boundaries.signIn) }
  }
}
