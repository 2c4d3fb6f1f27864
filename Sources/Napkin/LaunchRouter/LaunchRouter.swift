/// The base class of the root router of an app.
///
/// ```swift
/// final class AppRouter: LaunchRouter<Interactor, RootView> {
///   override func didLoad() { print("launched: show the first screen") }
/// }
///
/// let app = AppRouter(interactor: Interactor(), viewController: RootView())
/// app.launch(from: terminal)
/// ```
///
/// Launching is the root's attach: it presents the root view in the host, activates the root
/// interactor and loads the router, once. Launching twice, or launching a router that is attached
/// as a child, stops the program with a message. The root is never detached, so the leak detector
/// never watches it.
///
/// Threading: main actor.
@MainActor
open class LaunchRouter<InteractorType, ViewControllerType>: ViewableRouter<
  InteractorType, ViewControllerType
>, LaunchRouting
{
  private var launched = false

  /// Whether ``launch(from:)`` has run.
  ///
  /// ```swift
  /// #expect(root.isLaunched)
  /// ```
  ///
  /// Threading: main actor.
  public final var isLaunched: Bool { launched }

  /// Presents the root view in `host`, activates the root interactor and loads the router.
  ///
  /// ```swift
  /// root.launch(from: terminal)
  /// ```
  ///
  /// Threading: main actor.
  public final func launch(from host: any ViewHost) {
    if launched {
      napkinMisuse(
        "launch(from:) called twice on \(typeName(of: self)). An app launches its root router "
          + "once; to start over, build a new root.")
    }
    if let parent = AttachmentRegistry.parent(of: self) {
      napkinMisuse(
        "launch(from:) called on \(typeName(of: self)), which is attached to "
          + "\(typeName(of: parent)). Only a root router can be launched.")
    }
    launched = true
    host.present(rootView: viewControllable)
    interactable.activate()
    load()
  }
}
