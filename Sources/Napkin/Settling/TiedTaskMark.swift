import Synchronization

/// The task-local a tied task runs with: the activity it counts in, and which task it is.
///
/// Why the task is named, not only the activity: every task a tied task starts (a `Task { }`, an
/// `async let`, a task group's child) inherits its task-locals. A child that parked where Napkin
/// sees it (a `CurrentValue` read) would uncount the tied task itself, while the tied task
/// still runs real work, and `settle()` would return at once. Only the tied task parks its own
/// count; the tasks it starts are not counted, so their parking changes nothing.
///
/// Threading: `Sendable`; read from the tied task and the tasks it starts.
package final class TiedTaskMark: Sendable {
  /// The activity the tied task counts in.
  let activity: TaskActivity
  private let owner: TaskIdentity?
  /// Set when the tied task's body has returned: from then on its identity is never compared, so
  /// the address of a finished task can never be mistaken for a new one's.
  private let ended = Atomic(false)

  /// A mark for the task that calls it, counting in `activity`.
  init(activity: TaskActivity) {
    self.activity = activity
    owner = TaskIdentity.current
  }

  /// The tied task's body has returned.
  func end() {
    ended.store(true, ordering: .releasing)
  }

  /// Whether the calling task is the tied task itself, while its body runs.
  var isCallingTask: Bool {
    guard !ended.load(ordering: .acquiring), let owner else { return false }
    return owner.isCurrent
  }
}

/// One task's identity, to compare with the task that runs now.
///
/// SAFETY: `@unchecked Sendable` because `UnsafeCurrentTask` is not `Sendable`: it is unsafe to
/// use a task's handle from another task (to cancel it, to read its priority) once that task may
/// have ended. This type does none of that: it only compares the stored reference with the
/// calling task's, which is an identity comparison that reads no memory of the stored task. A
/// false match would need the stored task to have ended and its address to be reused by the
/// calling task; ``TiedTaskMark`` compares only while the stored task's body is still running
/// (its `ended` flag, set by that body when it returns, is read first), so the stored task is
/// alive, and two live tasks never share an address.
private struct TaskIdentity: @unchecked Sendable {
  private let task: UnsafeCurrentTask

  /// The calling task, or `nil` outside any task.
  static var current: TaskIdentity? {
    withUnsafeCurrentTask { task in task.map { TaskIdentity(task: $0) } }
  }

  /// Whether the calling task is this one.
  var isCurrent: Bool {
    withUnsafeCurrentTask { $0 == task }
  }
}
