/// The work tied to one interactor's active period: tasks to cancel and cleanups to run when it
/// ends.
///
/// Main-actor state of an ``Interactor``. Each entry is ended exactly once: by ``end()`` when the
/// interactor deactivates or is deallocated, or by ``untie(_:)`` when a task finishes first.
struct TiedWork {
  /// How one piece of work ends.
  enum Ending: Sendable {
    /// Cancels a task; safe from any thread.
    case cancel(@Sendable () -> Void)
    /// A cleanup registered with ``Interactor/disposeOnDeactivate(fileID:line:_:)``; runs on the main actor.
    case cleanup(@MainActor @Sendable () -> Void)
  }

  /// The id the next ``tie(_:)`` gives its entry.
  private(set) var nextID: UInt64 = 0
  private var entries: [(id: UInt64, ending: Ending)] = []

  /// The number of entries not yet ended.
  var count: Int { entries.count }

  /// The number of tied tasks not yet ended.
  var taskCount: Int {
    entries.count { if case .cancel = $0.ending { true } else { false } }
  }

  /// Ties `ending` to the active period under the id ``nextID``, which unties it.
  mutating func tie(_ ending: Ending) {
    entries.append((nextID, ending))
    nextID += 1
  }

  /// Forgets the entry `id`, if it has not ended yet: its task finished on its own.
  mutating func untie(_ id: UInt64) {
    entries.removeAll { $0.id == id }
  }

  /// Removes every entry and returns their endings, the most recently tied first, as a `defer`
  /// block would unwind: later work may depend on earlier work, never the reverse.
  mutating func end() -> [Ending] {
    defer { entries = [] }
    return entries.reversed().map(\.ending)
  }
}

extension TiedWork.Ending {
  /// Ends the work; call on the main actor.
  @MainActor
  func run() {
    switch self {
    case .cancel(let cancel): cancel()
    case .cleanup(let cleanup): cleanup()
    }
  }
}
