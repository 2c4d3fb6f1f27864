extension Routing {
  /// The state of this router's subtree now: each napkin's types, whether its interactor is
  /// active, its tied tasks and cleanups still pending, its component's built shared instances,
  /// its children in attach order; the components above this one; and the napkins detached from
  /// the subtree that are still alive.
  ///
  /// ```swift
  /// let snapshot = root.treeSnapshot()
  /// #expect(snapshot.root.children.map(\.name) == ["LoggedIn"])
  /// ```
  ///
  /// Cheap enough to take after every event of a debug build: one walk of the subtree, reading
  /// what each unit already counts, and no lock beyond one acquire load per shared instance
  /// (`tree-snapshot` in `Benchmarks/README.md` gives the cost for 300 napkins).
  ///
  /// Threading: main actor.
  public func treeSnapshot() -> TreeSnapshot {
    var detached = DetachedNapkins()
    let root = SnapshotWalk.napkin(self, detached: &detached)
    return TreeSnapshot(
      root: root, ancestorComponents: SnapshotWalk.ancestors(of: self),
      detached: detached.snapshots())
  }
}

/// The walk behind ``Routing/treeSnapshot()``.
@MainActor
enum SnapshotWalk {
  /// The snapshot of `router`'s napkin and attached subtree; collects, along the way, the
  /// detached napkins each router of the subtree remembers.
  static func napkin(_ router: any Routing, detached: inout DetachedNapkins) -> NapkinSnapshot {
    detached.remember(router)
    let interactable = router.interactable
    let interactor = interactable as? Interactor
    var presenter: String?
    var view: String?
    if let viewable = router as? any ViewableRouting {
      view = typeName(of: viewable.viewControllable)
    }
    if let holder = interactable as? any PresenterHolding, let held = holder.heldPresenter,
      !((router as? any ViewableRouting).map { $0.viewControllable === held } ?? false)
    {
      presenter = typeName(of: held)
    }
    return NapkinSnapshot(
      name: napkinName(of: router), router: typeName(of: router),
      interactor: typeName(of: interactable), presenter: presenter, view: view,
      active: interactable.isActive, tasks: interactor?.runningTaskCount ?? 0,
      cleanups: interactor?.pendingCleanupCount ?? 0,
      component: (router as? any ComponentKeeping)?.keptComponent.flatMap(component(of:)),
      children: router.children.map { napkin($0, detached: &detached) })
  }

  /// The components above `router`'s own, nearest first.
  static func ancestors(of router: any Routing) -> [ComponentSnapshot] {
    var ancestors: [ComponentSnapshot] = []
    var next = ((router as? any ComponentKeeping)?.keptComponent as? any ComponentListing)?
      .parentComponent
    while let component = next {
      ancestors.append(component.snapshot())
      next = component.parentComponent
    }
    return ancestors
  }

  /// The router's type without its `Router` suffix.
  static func napkinName(of router: any Routing) -> String {
    let name = typeName(of: router)
    let suffix = "Router"
    return name.hasSuffix(suffix) && name != suffix ? String(name.dropLast(suffix.count)) : name
  }

  private static func component(of dependency: any Dependency) -> ComponentSnapshot? {
    (dependency as? any ComponentListing)?.snapshot()
  }
}
