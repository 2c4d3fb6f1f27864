import NapkinOnce

/// How many of one interactor's tied tasks are running or ready to run, as opposed to parked
/// where Napkin can see them: waiting for a ``CurrentValue`` to change, or sleeping on a test
/// clock. A tree whose interactors all count zero has nothing left to do until something outside
/// it happens, which is what NapkinTesting's `settle()` waits for.
///
/// The invariants:
/// - a tied task counts from the moment it is created (before it first runs) until its body
///   returns, except while it is parked;
/// - only a tied task parks its own count: a task it starts inherits its task-locals but not its
///   count (``parkable``);
/// - the code that parks a task uncounts it under the same lock that makes the task wake-able,
///   and the code that wakes it counts it again before resuming it, so a task that is about to
///   run is never uncounted;
/// - every change bumps ``TaskActivity/changes``' generation and wakes its waiters.
///
/// Threading: `Sendable`; counted from whatever thread a task runs or is woken on.
package final class TaskActivity: Sendable {
  /// The mark of the tied task running now, if any: a task-local that `Interactor.task` sets.
  /// The tasks a tied task starts inherit it; see ``parkable``.
  @TaskLocal static var current: TiedTaskMark?

  /// The activity to uncount while the calling task parks where Napkin sees it, or `nil`: the
  /// calling task's own activity when it is a tied task, never the activity of a tied task that
  /// started it. Every place that parks a task (a `CurrentValue` read, a deep link's wait, a test
  /// clock's sleep) reads this, so that no task started by a tied task can uncount it.
  package static var parkable: TaskActivity? {
    guard let mark = current, mark.isCallingTask else { return nil }
    return mark.activity
  }

  /// Every activity's changes, for `settle()` to wait on.
  package static let changes = ActivityChanges()

  /// The tasks running or ready to run, and how many times that number changed.
  private let state = Locked((busy: 0, changes: UInt64(0)))

  package init() {}

  /// The number of tied tasks running or ready to run, and how many times a task of this
  /// interactor started, parked, woke or ended: the progress `settle()` measures its limit
  /// against. Read together, so the two always agree.
  package var snapshot: (busy: Int, changes: UInt64) { state.withLock { $0 } }

  /// A tied task was created, or a parked one is being woken.
  package func enter() {
    state.withLock {
      $0.busy += 1
      $0.changes &+= 1
    }
    Self.changes.bump()
  }

  /// A tied task ended, or is parking where a change will wake it.
  package func leave() {
    state.withLock {
      $0.busy -= 1
      $0.changes &+= 1
    }
    Self.changes.bump()
  }
}

/// A generation counter with waiters: the way to wait for "something changed" without missing a
/// change that happens between a check and the wait.
///
/// Threading: `Sendable`.
package final class ActivityChanges: Sendable {
  private struct State {
    var generation: UInt64 = 0
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Locked(State())

  /// The generation now; read it before checking, then wait for a later one.
  package var generation: UInt64 { state.withLock { $0.generation } }

  /// Records a change and wakes every waiter.
  package func bump() {
    let waiters = state.withLock { state in
      state.generation &+= 1
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once the generation has moved past `seen` (at once if it already has).
  package func wait(after seen: UInt64) async {
    await withCheckedContinuation { continuation in
      let now = state.withLock { state -> Bool in
        guard state.generation == seen else { return true }
        state.waiters.append(continuation)
        return false
      }
      if now { continuation.resume() }
    }
  }
}
