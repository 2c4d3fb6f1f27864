/// The walks over a router's subtree that attaching, detaching and releasing share.
///
/// They work on `any Routing`, so a test double anywhere in the tree takes part; only ``Router``s
/// carry the leak detector's bookkeeping.
@MainActor
enum SubtreeLifecycle {
  /// Activates `router`'s interactor and loads it, then activates its inactive descendants, top
  /// down. Descendants are not loaded again: each was loaded when it was attached below `router`,
  /// and a router loads once in its life.
  static func activate(_ router: any Routing, loading: Bool = true) {
    if !router.interactable.isActive {
      router.interactable.activate()
    }
    if loading {
      router.load()
    }
    for child in router.children {
      activate(child, loading: false)
    }
  }

  /// Deactivates `router`'s subtree depth first: the most recently attached child's subtree
  /// first, `router`'s own interactor last.
  static func deactivate(_ router: any Routing) {
    deactivate(children: router.children, interactable: router.interactable)
  }

  /// ``deactivate(_:)`` for a router that is being deallocated and so is known only by its parts.
  static func deactivate(children: [any Routing], interactable: any Interactable) {
    for child in children.reversed() {
      deactivate(child)
    }
    if interactable.isActive {
      interactable.deactivate()
    }
  }

  /// Ends the deep links waiting on any router of `router`'s subtree with `error`, and closes
  /// their lists until each is attached again: no child becomes active under a napkin that left
  /// the tree, so a wait on a grandchild must end when its parent is detached, not only a wait
  /// on the parent.
  static func closeWaits(in router: any Routing, with error: ChildWaitError) {
    (router as? any ChildWaiting)?.childWaiters.close(with: error)
    for child in router.children {
      closeWaits(in: child, with: error)
    }
  }

  /// Opens the wait lists of `router`'s subtree again, as it is attached.
  static func reopenWaits(in router: any Routing) {
    (router as? any ChildWaiting)?.childWaiters.reopen()
    for child in router.children {
      reopenWaits(in: child)
    }
  }

  /// Marks every ``LeakTrackable`` router of `router`'s subtree as watched by a detach's leak
  /// check, or, when it is attached again, as no longer watched.
  static func markWatched(_ router: any Routing, _ watched: Bool) {
    (router as? any LeakTrackable)?.setWatchedAfterDetach(watched)
    for child in router.children {
      markWatched(child, watched)
    }
  }
}
