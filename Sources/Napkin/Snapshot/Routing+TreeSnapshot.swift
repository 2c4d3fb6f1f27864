import NapkinOnce

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
  /// What a snapshot needs of a type, found once per type.
  struct TypeTraits {
    /// The type's name.
    let name: String
    /// Whether its values describe themselves (``SnapshotDescribable``).
    let describes: Bool
    /// Whether its values count instances of their own (Airframe's `PerKey`).
    let counts: Bool
  }

  /// The traits of the types snapshots have met. A type's name costs about two microseconds to
  /// format and a conformance check about as much, and a tree repeats a few types many times:
  /// 300 napkins took 1.75 ms a snapshot without this (`NapkinBenchmarks --only tree-snapshot`).
  /// Bounded by the program's types.
  private static var traits: [ObjectIdentifier: TypeTraits] = [:]

  /// `type`'s traits, found once per process.
  static func traits(of type: Any.Type) -> TypeTraits {
    let id = ObjectIdentifier(type)
    if let known = traits[id] { return known }
    let found = TypeTraits(
      name: typeName(of: type), describes: type is any SnapshotDescribable.Type,
      counts: type is any InstanceCounting.Type)
    traits[id] = found
    return found
  }

  /// `type`'s name, formatted once per process.
  static func name(of type: Any.Type) -> String {
    traits(of: type).name
  }

  /// The name of `object`'s dynamic type.
  static func name(of object: AnyObject) -> String {
    name(of: Swift.type(of: object))
  }

  /// The snapshot of `router`'s napkin and attached subtree; collects, along the way, the
  /// detached napkins each router of the subtree remembers.
  static func napkin(_ router: any Routing, detached: inout DetachedNapkins) -> NapkinSnapshot {
    detached.remember(router)
    let interactable = router.interactable
    let interactor = interactable as? Interactor
    let shown = (router as? any ViewableRouting)?.viewControllable
    var presenter: String?
    // A view that is its own presenter is named once, as the view.
    if let held = (interactable as? any PresenterHolding)?.heldPresenter, held !== shown {
      presenter = name(of: held)
    }
    return NapkinSnapshot(
      name: napkinName(of: router), router: name(of: router),
      interactor: name(of: interactable), presenter: presenter, view: shown.map(name(of:)),
      active: interactable.isActive, tasks: interactor?.runningTaskCount ?? 0,
      cleanups: interactor?.pendingCleanupCount ?? 0,
      component: ((router as? any ComponentKeeping)?.keptComponent as? any ComponentListing)?
        .snapshot(),
      children: router.children.map { napkin($0, detached: &detached) })
  }

  /// The snapshot of a detached napkin whose router is gone, from the objects of it that live,
  /// with one of them to key it by; `nil` when none lives. Its children are unknown (the router
  /// that held them is gone), and an interactor that is gone shows as inactive, with no work.
  static func releasedNapkin(_ objects: [TrackedObject]) -> (
    snapshot: NapkinSnapshot, anchor: AnyObject
  )? {
    guard let anchor = objects.lazy.compactMap(\.object).first, let first = objects.first else {
      return nil
    }
    func alive(_ role: LeakReport.Role) -> AnyObject? {
      objects.first { $0.role == role }?.object
    }
    func recorded(_ role: LeakReport.Role) -> String? {
      objects.first { $0.role == role }?.typeName
    }
    let interactable = alive(.interactor) as? any Interactable
    let interactor = interactable as? Interactor
    let routerName = first.napkinName
    let suffix = "Router"
    let name =
      routerName.hasSuffix(suffix) && routerName != suffix
      ? String(routerName.dropLast(suffix.count)) : routerName
    let snapshot = NapkinSnapshot(
      name: name, router: routerName, interactor: recorded(.interactor) ?? "",
      presenter: recorded(.presenter), view: recorded(.view),
      active: interactable?.isActive ?? false, tasks: interactor?.runningTaskCount ?? 0,
      cleanups: interactor?.pendingCleanupCount ?? 0,
      component: (alive(.component) as? any ComponentListing)?.snapshot(), children: [])
    return (snapshot, anchor)
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
    let routerName = name(of: router)
    let suffix = "Router"
    return routerName.hasSuffix(suffix) && routerName != suffix
      ? String(routerName.dropLast(suffix.count)) : routerName
  }

}
