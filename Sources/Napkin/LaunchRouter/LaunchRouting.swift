/// The routing role of the root napkin of an app: launched once, never attached.
///
/// ```swift
/// let root: any LaunchRouting = RootBuilder(dependency: AppComponent()).build(leakDetector: .shared)
/// root.launch(from: terminal)
/// ```
///
/// Threading: main actor.
@MainActor
public protocol LaunchRouting: ViewableRouting {
  /// Whether ``launch(from:)`` has run.
  ///
  /// ```swift
  /// #expect(root.isLaunched)
  /// ```
  ///
  /// Threading: main actor.
  var isLaunched: Bool { get }

  /// Shows the root view in `host`, activates the root interactor and loads the root router.
  ///
  /// ```swift
  /// root.launch(from: terminal)
  /// ```
  ///
  /// Threading: main actor.
  func launch(from host: any ViewHost)
}
