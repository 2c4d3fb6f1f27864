/// One check of a ``LeakDetector``: the objects it still watches and when it gives up on them.
///
/// Both ways a check runs share it: the detector's main-actor task, which polls it until it
/// ends, and ``LeakDetector/finishPendingChecksNow()``, which runs it to its end at once for a
/// test process that is exiting. Whichever ends it first ends it for both: a check reports once.
@MainActor
final class LeakCheck {
  private var remaining: [TrackedObject]
  private weak var root: (any Routing)?
  /// Whether a return of `root` to a tree ends the check without a report: only for a subtree
  /// that was out of the tree when the check began (one watched while in a tree is expected to
  /// leave it).
  private let forgivable: Bool
  private let start: ContinuousClock.Instant
  let deadline: ContinuousClock.Instant
  /// How often to look: often enough that a check of objects that do go away ends soon after.
  let pollInterval: Duration
  private let site: (fileID: StaticString, line: UInt)
  private(set) var isFinished = false

  init(
    _ objects: [TrackedObject], root: (any Routing)?, gracePeriod: Duration,
    site: (fileID: StaticString, line: UInt)
  ) {
    remaining = objects
    self.root = root
    forgivable = !(root.map(AttachmentRegistry.isInTree) ?? false)
    start = .now
    deadline = start + gracePeriod
    pollInterval = min(max(gracePeriod / 20, .milliseconds(1)), .milliseconds(50))
    self.site = site
  }

  /// Looks once, at `now`: `nil` while the check goes on, otherwise its reports (none when
  /// nothing leaked), after which the check is over.
  func poll(now: ContinuousClock.Instant) -> [LeakReport]? {
    guard !isFinished else { return [] }
    remaining.removeAll { $0.object == nil }
    if remaining.isEmpty || (forgivable && (root.map(AttachmentRegistry.isInTree) ?? false)) {
      isFinished = true
      return []
    }
    guard now >= deadline else { return nil }
    isFinished = true
    // Still in the tree: each napkin is alive because its parent holds it, which is what the
    // report must say, not that something leaked it after a detach.
    let stillAttached = root.map(AttachmentRegistry.isAttached) ?? false
    // Routers first: a live router holds the rest of its napkin, so what holds the router (a
    // test's own reference, say) is the cause to read first.
    let ordered =
      remaining.filter { $0.role == .router } + remaining.filter { $0.role != .router }
    return ordered.map { tracked in
      let parent = stillAttached ? tracked.router.flatMap(AttachmentRegistry.parent) : nil
      return LeakReport(
        typeName: tracked.typeName, role: tracked.role, napkinName: tracked.napkinName,
        outlived: now - start, attachedTo: parent.map { typeName(of: $0) },
        heldByRouter: tracked.router != nil, fileID: site.fileID, line: site.line)
    }
  }
}
