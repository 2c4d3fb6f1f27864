/// One child a router detached, remembered weakly so that a snapshot can list it while it lives.
struct DetachedChild {
  weak var router: (any Routing)?
  /// Every object of the subtree when it was detached, held weakly: what a snapshot still shows
  /// once the router is gone while its interactor, presenter, view or component lives on.
  let objects: [TrackedObject]
  /// When it was detached.
  let instant: ContinuousClock.Instant
  /// The `detachChild` call, as `fileID:line`.
  let site: String
}

/// A router that remembers the children it detached.
@MainActor
protocol DetachRemembering: Routing {
  /// The children it detached that may still be alive, oldest first.
  var detachedChildren: [DetachedChild] { get }
}

/// The still-alive detached napkins a snapshot's walk collects: each once, at its latest detach,
/// and never one that is in a tree again.
///
/// A detached napkin's own records are read too, since a subtree detached from a detached napkin
/// is as alive, and as detached, as its parent. Each router's records are read once, so records
/// that point at each other (re-attachment can make them) end the walk instead of looping.
@MainActor
struct DetachedNapkins {
  private struct Entry {
    var child: DetachedChild
    /// Set right after the entry, once the napkin's walk returns.
    var napkin: NapkinSnapshot?
    /// Whether the napkin's router is gone while other objects of it live.
    var routerReleased = false
  }

  private var found: [ObjectIdentifier: Entry] = [:]
  private var read: Set<ObjectIdentifier> = []

  /// Adds the live, detached children `router` remembers, each with its snapshot.
  mutating func remember(_ router: any Routing) {
    guard let remembering = router as? any DetachRemembering,
      read.insert(ObjectIdentifier(router)).inserted
    else { return }
    for child in remembering.detachedChildren {
      guard let detached = child.router else {
        rememberReleased(child)
        continue
      }
      guard !AttachmentRegistry.isInTree(detached) else { continue }
      let id = ObjectIdentifier(detached)
      if let earlier = found[id] {
        if earlier.child.instant < child.instant { found[id]?.child = child }
        continue
      }
      found[id] = Entry(child: child)
      let napkin = SnapshotWalk.napkin(detached, detached: &self)
      found[id]?.napkin = napkin
    }
  }

  /// The napkins of a detached subtree whose root router is gone: each napkin whose router is
  /// gone while another of its objects lives, and each router still alive that no live router
  /// holds (the walk from it shows its own subtree).
  private mutating func rememberReleased(_ child: DetachedChild) {
    var napkins: [ObjectIdentifier: [TrackedObject]] = [:]
    var order: [ObjectIdentifier] = []
    for tracked in child.objects {
      if napkins[tracked.napkinID] == nil { order.append(tracked.napkinID) }
      napkins[tracked.napkinID, default: []].append(tracked)
    }
    for id in order {
      let objects = napkins[id] ?? []
      if let router = objects.lazy.compactMap(\.router).first {
        guard AttachmentRegistry.parent(of: router) == nil, !AttachmentRegistry.isInTree(router),
          found[ObjectIdentifier(router)] == nil
        else { continue }
        found[ObjectIdentifier(router)] = Entry(child: child)
        let napkin = SnapshotWalk.napkin(router, detached: &self)
        found[ObjectIdentifier(router)]?.napkin = napkin
      } else if let napkin = SnapshotWalk.releasedNapkin(objects) {
        let key = ObjectIdentifier(napkin.anchor)
        guard found[key] == nil else { continue }
        found[key] = Entry(child: child, napkin: napkin.snapshot, routerReleased: true)
      }
    }
  }

  /// The collected napkins, oldest detach first.
  func snapshots(now: ContinuousClock.Instant = .now) -> [DetachedNapkinSnapshot] {
    found.values.sorted { $0.child.instant < $1.child.instant }.compactMap { entry in
      entry.napkin.map {
        DetachedNapkinSnapshot(
          napkin: $0, timeSinceDetach: now - entry.child.instant, detachedAt: entry.child.site,
          routerReleased: entry.routerReleased)
      }
    }
  }

}
