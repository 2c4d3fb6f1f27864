/// The app's boundaries, the services that reach outside the tree, as one value: what a test or a
/// preview swaps to run the real tree against fakes.
///
/// ```swift
/// let shell = Shell(boundaries: .live, input: StandardInput(), output: { print($0) }, ...)
/// // In a test: every napkin is real, the sign-in server is a fake.
/// let shell = Shell(boundaries: HomeNapkinBoundaries(signIn: FakeSignInServer()), ...)
/// ```
///
/// The app component (``AppComponent``) is the only one that reads it; every component below gets
/// the services it needs from its parent as usual, so none of them knows whether a boundary is
/// real. No component needs to be subclassed or made non-final to swap one.
///
/// Threading: an immutable value of `Sendable` services; `Sendable`.
nonisolated struct HomeNapkinBoundaries: Sendable {
  /// Signs users in: the network in a real app.
  var signIn: any SignInServer

  /// The production wiring.
  static let live = HomeNapkinBoundaries(signIn: LocalSignInServer())
}
