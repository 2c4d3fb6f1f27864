import Napkin

final class LeakedRouter: Router<Interactor> {}

/// What the last test of a run does in `LeakAtRunEndTests`, with the shared leak detector.
@MainActor
enum LeakingTest {
  /// What the test keeps after detaching it: the leak.
  private static var kept: [AnyObject] = []

  static func detachAndKeep() {
    let root = Router(interactor: Interactor())
    root.interactable.activate()
    let child = LeakedRouter(interactor: Interactor())
    root.attachChild(child)
    root.detachChild(child)
    kept.append(child)
  }

  static func detachAndRelease() {
    let root = Router(interactor: Interactor())
    root.interactable.activate()
    root.attachChild(LeakedRouter(interactor: Interactor()))
    root.detachChild(root.children[0])
  }
}
