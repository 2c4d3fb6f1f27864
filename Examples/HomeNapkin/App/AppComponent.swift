import Napkin

/// The component above the root napkin: what the whole app shares.
///
/// A test builds the tree on its own `AppComponent`, so every run starts signed out with fresh
/// services.
final class AppComponent: EmptyComponent, RootDependency, @unchecked Sendable {
  // `@unchecked Sendable` is inherited from `Component`; this class adds no stored state.

  /// One user service for the app.
  var userService: UserService {
    shared { UserService() }
  }
}
