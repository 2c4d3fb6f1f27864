/// Which router is attached under which parent, for every `Routing`, test doubles included.
///
/// A router cannot carry this itself: a child may be any `Routing`, and the protocol has no
/// settable parent. Entries hold both ends weakly, so a parent dropped without detaching its
/// children frees them, and an address reused by a new object never matches a stale entry.
@MainActor
enum AttachmentRegistry {
  private struct Entry {
    weak var child: (any Routing)?
    weak var parent: (any Routing)?
  }

  private static var entries: [ObjectIdentifier: Entry] = [:]
  private static var pruneThreshold = 64

  /// The live parent of `router`, if it is attached.
  static func parent(of router: any Routing) -> (any Routing)? {
    guard let entry = entries[ObjectIdentifier(router)], entry.child === router else { return nil }
    return entry.parent
  }

  /// Whether `router` is attached under a live parent.
  static func isAttached(_ router: any Routing) -> Bool {
    parent(of: router) != nil
  }

  /// Whether `router` is part of a running tree: attached under a live parent, or a launched
  /// root.
  static func isInTree(_ router: any Routing) -> Bool {
    if let launched = router as? any LaunchRouting, launched.isLaunched { return true }
    return isAttached(router)
  }

  /// Records that `child` is attached under `parent`.
  static func attach(_ child: any Routing, to parent: any Routing) {
    entries[ObjectIdentifier(child)] = Entry(child: child, parent: parent)
    // Entries of children that died attached (their parent was dropped without detaching them)
    // are swept whenever the table doubles, so the table stays proportional to the live tree.
    if entries.count >= pruneThreshold {
      entries = entries.filter { $0.value.child != nil }
      pruneThreshold = max(64, entries.count * 2)
    }
  }

  /// Forgets `child`'s parent.
  static func detach(_ child: any Routing) {
    entries.removeValue(forKey: ObjectIdentifier(child))
  }
}
