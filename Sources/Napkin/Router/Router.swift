import Observation

/// The base class of a napkin's router: a node of the router tree, which mirrors the component
/// tree.
///
/// A router owns its interactor (and, for ``ViewableRouter``, its view) and the builders of its
/// children; routes attach and detach the routers those builders return:
///
/// ```swift
/// final class SessionRouter: Router<any LoggedInInteractable> {
///   private let homeBuilder: any HomeBuildable
///
///   init(interactor: any LoggedInInteractable, component: LoggedInComponent) {
///     homeBuilder = HomeBuilder(dependency: component)
///     super.init(interactor: interactor, component: component)
///   }
///
///   override func didLoad() {
///     attachChild(homeBuilder.build(withListener: interactor))
///   }
/// }
/// ```
///
/// The contract of the tree, RIBs':
/// - ``attachChild(_:fileID:line:)`` activates the child's interactor, then loads the child (``didLoad()``
///   runs once in a router's life), then activates any inactive descendants, top down. The child's
///   subtree adopts this router's ``leakDetector``.
/// - ``detachChild(_:fileID:line:)`` deactivates the child's subtree depth first (the most recently attached
///   grandchild's subtree first, the child's own interactor last), keeps the subtree's shape, and
///   asks the ``leakDetector`` to expect the router, interactor, presenter, view and component of
///   every napkin in the subtree to be deallocated.
/// - A router released without a detach (a whole tree dropped, say) does the same from its
///   `deinit`: its subtree is deactivated depth first and its napkin is checked for leaks.
/// - Attaching a router that is attached anywhere, attaching a router to itself or to its own
///   descendant, and detaching a router that is not a child stop the program with a message.
///
/// ``children`` is observable with Observation.
///
/// Threading: main actor.
@MainActor
open class Router<InteractorType>: Routing, ChildWaiting, Observable {
  /// The napkin's interactor, through the type the router works with.
  ///
  /// <!-- snippet-inside: final class Sketch: HomeRouterSketch -->
  /// ```swift
  /// attachChild(profileBuilder.build(withListener: interactor))
  /// ```
  ///
  /// Threading: main actor.
  public let interactor: InteractorType

  /// The same interactor, through its lifecycle role.
  ///
  /// ```swift
  /// #expect(router.interactable.isActive)
  /// ```
  ///
  /// Threading: main actor.
  public let interactable: any Interactable

  /// The detector that watches the routers this one detaches, and this router's napkin if it is
  /// released without a detach.
  ///
  /// It defaults to ``LeakDetector/current``: ``LeakDetector/shared`` unless the router was
  /// created inside ``LeakDetector/withDetector(_:isolation:operation:)``. Setting it sets it on the whole
  /// attached subtree, and a router passes its detector to every child it attaches, so setting it
  /// on the root configures the whole tree, before or after launch:
  ///
  /// ```swift
  /// router.leakDetector = LeakDetector(gracePeriod: .milliseconds(200)) { reports.append($0) }
  /// ```
  ///
  /// Threading: main actor.
  public final var leakDetector: LeakDetector {
    didSet {
      for child in attached.unobserved {
        (child as? any LeakTrackable)?.inheritLeakDetector(leakDetector)
      }
    }
  }

  /// Keeps the napkin's component, and so its shared instances, alive as long as the router.
  let component: (any Dependency)?

  private let attached = AttachedChildren()
  /// The deep links waiting for a child of this router (``Routing/activeChild(as:timeout:)``).
  let childWaiters = ChildWaiters()
  private var loaded = false
  /// Whether the leak detector already watches this napkin, because a parent detached it.
  private var watchedAfterDetach = false
  /// The children this router detached that may still be alive, for ``Routing/treeSnapshot()``.
  private var detached: [DetachedChild] = []

  /// Creates a router for `interactor` and, optionally, the napkin's `component`.
  ///
  /// Pass the component so that the napkin's shared instances live exactly as long as the napkin
  /// and so that the leak detector can check it; `interactor` must subclass ``Interactor`` or
  /// otherwise conform to ``Interactable``, which is checked here because a napkin's interactor
  /// protocol is usually an existential that does not conform to it statically.
  ///
  /// ```swift
  /// let router = Router(interactor: Interactor(), component: homeComponent)
  /// ```
  ///
  /// Threading: main actor.
  public init(interactor: InteractorType, component: (any Dependency)? = nil) {
    guard let interactable = interactor as? any Interactable else {
      napkinMisuse(
        "the interactor of \(Self.self), of type \(type(of: interactor as Any)), does not conform "
          + "to Interactable. Make it subclass Interactor or PresentableInteractor.")
    }
    self.interactor = interactor
    self.interactable = interactable
    self.component = component
    self.leakDetector = LeakDetector.current
  }

  isolated deinit {
    // RIBs' contract: a router released without a detach ends its napkin as a detach would. A
    // router's children are released right after this body, and each ends its own napkin then.
    // `isolated`: ending a napkin is main-actor work, and the last reference may be dropped on any
    // thread; on the main actor this runs at once, elsewhere the runtime runs it there.
    childWaiters.close(with: ChildWaitError.routerReleased)
    // A child kept alive elsewhere (a deep link awaiting it keeps it) left the tree with this
    // router: its waits, and its descendants', end now rather than never.
    for child in attached.unobserved {
      SubtreeLifecycle.closeWaits(in: child, with: .routerDetached)
    }
    SubtreeLifecycle.deactivate(children: attached.unobserved, interactable: interactable)
    // A router that never loaded was never part of a tree: there is no napkin to check.
    if loaded && !watchedAfterDetach && LeakDetector.isEnabled {
      leakDetector.expectDeallocation(of: napkinObjects(includingRouter: false))
    }
  }

  /// The attached child routers, oldest first; observable.
  ///
  /// ```swift
  /// let profile = router.children.first { $0 is any ProfileRouting }
  /// ```
  ///
  /// Threading: main actor.
  public final var children: [any Routing] {
    attached.observed
  }

  /// Calls ``didLoad()`` the first time; later calls do nothing.
  ///
  /// ``attachChild(_:fileID:line:)`` and ``LaunchRouter/launch(from:)`` call it; a test of a single router may
  /// call it directly.
  ///
  /// ```swift
  /// router.load()
  /// ```
  ///
  /// Threading: main actor.
  public final func load() {
    guard !loaded else { return }
    loaded = true
    didLoad()
  }

  /// Called once, the first time the router is attached or launched, after its interactor became
  /// active: attach the children that live as long as this napkin here. The default does nothing.
  ///
  /// <!-- snippet-inside: final class Sketch: LoggedInRouterSketch -->
  /// ```swift
  /// override func didLoad() {
  ///   attachChild(homeBuilder.build(withListener: interactor))
  /// }
  /// ```
  ///
  /// Threading: main actor.
  open func didLoad() {}

  /// Attaches `child`, activates its interactor, loads it and activates its inactive descendants.
  ///
  /// Stops the program if `child` is this router, is attached anywhere, or is an ancestor of this
  /// router; the stop names `fileID` and `line`, the caller's by default.
  ///
  /// <!-- snippet-inside: final class Sketch: HomeRouterSketch -->
  /// ```swift
  /// attachChild(settingsBuilder.build(withListener: interactor))
  /// ```
  ///
  /// Threading: main actor.
  public final func attachChild(
    _ child: any Routing, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    checkAttachable(child, fileID: fileID, line: line)
    attached.append(child)
    AttachmentRegistry.attach(child, to: self)
    (child as? any LeakTrackable)?.inheritLeakDetector(leakDetector)
    SubtreeLifecycle.markWatched(child, false)
    SubtreeLifecycle.reopenWaits(in: child)
    SubtreeLifecycle.activate(child)
    childWaiters.offer(child)
  }

  /// Deactivates `child` and its subtree, deepest first, detaches it, and has the
  /// ``leakDetector`` expect every napkin of the subtree to be deallocated.
  ///
  /// Stops the program if `child` is not a child of this router, naming `fileID` and `line`, the
  /// caller's by default; a leak report names them too. Drop every reference to `child`
  /// afterwards (a router that keeps a stored property for a child sets it to `nil`).
  ///
  /// <!-- snippet-inside: final class Sketch: HomeRouterSketch -->
  /// ```swift
  /// if let profile {
  ///   detachChild(profile)
  ///   self.profile = nil
  /// }
  /// ```
  ///
  /// Threading: main actor.
  public final func detachChild(
    _ child: any Routing, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    guard let index = attached.unobserved.firstIndex(where: { $0 === child }) else {
      let whereItIs =
        AttachmentRegistry.parent(of: child).map { "it is attached to \(typeName(of: $0))" }
        ?? "it is not attached anywhere"
      napkinMisuse(
        "detachChild(_:) called on \(typeName(of: self)) with \(typeName(of: child)), which is "
          + "not one of its children (\(whereItIs)). Detach a router from the router that "
          + "attached it, once.", fileID: fileID, line: line)
    }
    SubtreeLifecycle.deactivate(child)
    SubtreeLifecycle.closeWaits(in: child, with: .routerDetached)
    attached.remove(at: index)
    AttachmentRegistry.detach(child)
    // One list of the subtree's objects for the leak check and the snapshot's record.
    let objects = TrackedObject.subtree(of: child)
    if LeakDetector.isEnabled {
      leakDetector.expectDeallocation(of: objects, subtree: child, fileID: fileID, line: line)
    }
    SubtreeLifecycle.markWatched(child, true)
    remember(detached: child, objects: objects, fileID: fileID, line: line)
  }

  /// Records `child`'s detach for snapshots, forgetting the records of children attached again
  /// or entirely gone, so the list holds only what a snapshot could show. A record whose router
  /// is gone stays while any other object of its subtree lives: an interactor or view that
  /// outlives its router is a leak the snapshot must show.
  private func remember(
    detached child: any Routing, objects: [TrackedObject], fileID: StaticString, line: UInt
  ) {
    detached.removeAll { record in
      if let router = record.router { return AttachmentRegistry.isAttached(router) }
      return !record.objects.contains { $0.object != nil }
    }
    detached.append(
      DetachedChild(router: child, objects: objects, instant: .now, site: "\(fileID):\(line)"))
  }

  private func checkAttachable(_ child: any Routing, fileID: StaticString, line: UInt) {
    let name = typeName(of: child)
    if child === self {
      napkinMisuse(
        "attachChild(_:) called on \(name) with itself. A router cannot be its own child.",
        fileID: fileID, line: line)
    }
    if let parent = AttachmentRegistry.parent(of: child) {
      napkinMisuse(
        "attachChild(_:) called on \(typeName(of: self)) with \(name), which is already attached "
          + "to \(typeName(of: parent)). Detach it there first, or build a new router.",
        fileID: fileID, line: line)
    }
    if let launched = child as? any LaunchRouting, launched.isLaunched {
      napkinMisuse(
        "attachChild(_:) called on \(typeName(of: self)) with \(name), a launched root. A root "
          + "cannot become a child.", fileID: fileID, line: line)
    }
    var ancestor = AttachmentRegistry.parent(of: self)
    while let current = ancestor {
      if current === child {
        napkinMisuse(
          "attachChild(_:) called on \(typeName(of: self)) with its own ancestor \(name). The "
            + "router tree cannot have cycles.", fileID: fileID, line: line)
      }
      ancestor = AttachmentRegistry.parent(of: current)
    }
  }
}

extension Router: DetachRemembering {
  var detachedChildren: [DetachedChild] { detached }
}

extension Router: LeakTrackable {
  var trackedObjects: [TrackedObject] { napkinObjects(includingRouter: true) }

  func inheritLeakDetector(_ detector: LeakDetector) {
    leakDetector = detector
  }

  func setWatchedAfterDetach(_ watched: Bool) {
    watchedAfterDetach = watched
  }

  /// The router (unless it is being deallocated), interactor, view, presenter and component of
  /// this napkin, each once.
  fileprivate func napkinObjects(includingRouter: Bool) -> [TrackedObject] {
    var objects: [TrackedObject] = []
    if includingRouter {
      objects.append(TrackedObject(self, role: .router, napkin: self))
    }
    objects.append(TrackedObject(interactable, role: .interactor, napkin: self))
    if let viewable = self as? any ViewableRouting {
      objects.append(TrackedObject(viewable.viewControllable, role: .view, napkin: self))
    }
    // When the view is the presenter, it is reported once, as the view.
    if let holder = interactable as? any PresenterHolding, let presenter = holder.heldPresenter,
      !objects.contains(where: { $0.object === presenter })
    {
      objects.append(TrackedObject(presenter, role: .presenter, napkin: self))
    }
    if let component {
      objects.append(TrackedObject(component, role: .component, napkin: self))
    }
    return objects
  }
}
