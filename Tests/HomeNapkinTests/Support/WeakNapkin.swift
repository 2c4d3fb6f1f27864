import Napkin

/// Weak references to the router, interactor and view of one napkin, taken while it is live.
@MainActor
struct WeakNapkin {
  let name: String
  weak var router: AnyObject?
  weak var interactor: AnyObject?
  weak var view: AnyObject?

  init(_ router: any Routing, name: String) {
    self.name = name
    self.router = router
    interactor = router.interactable
    view = (router as? any ViewableRouting)?.viewControllable
  }

  /// The parts still alive, by role, for a readable failure.
  var survivors: [String] {
    [("router", router), ("interactor", interactor), ("view", view)]
      .filter { $0.1 != nil }
      .map { "\(name) \($0.0)" }
  }
}
