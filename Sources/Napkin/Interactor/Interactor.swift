import Foundation
import NapkinOnce
import Observation

/// The base class of a napkin's business logic: active while its router is attached.
///
/// Subclass it, override the hooks, and tie asynchronous work to the active period with
/// ``task(priority:fileID:line:_:)``, and any other cleanup with ``disposeOnDeactivate(fileID:line:_:)``:
///
/// ```swift
/// final class ProfileInteractor: Interactor {
///   private let clock: any Clock<Duration>
///
///   init(clock: any Clock<Duration>) {
///     self.clock = clock
///   }
///
///   override func didBecomeActive() {
///     task { [weak self, clock] in
///       while true {
///         try await clock.sleep(for: .seconds(30))  // throws once the interactor resigns
///         self?.refresh()
///       }
///     }
///   }
///
///   private func refresh() {}
/// }
/// ```
///
/// The lifecycle, as in RIBs:
/// - ``activate()`` and ``deactivate()`` are idempotent: activating an active interactor or
///   deactivating an inactive one does nothing.
/// - Work tied to the active period ends when it ends: tasks are cancelled and cleanups run, once
///   each, on deactivation or, if the interactor is deallocated while active, on deallocation.
/// - Work started while inactive never runs: its task is cancelled at once and its cleanup runs
///   at once. The warning names the caller's line and the cause: an interactor that was never
///   active (work started in `init`, before its router is attached) or one that was deactivated
///   (a late event reached a detached napkin). Under a test runner it is an issue of the running
///   test; in an app's debug build it goes to standard error.
///
/// ``isActive`` is observable with Observation (`withObservationTracking`) and awaitable through
/// ``isActiveStream``.
///
/// Threading: main actor. Tasks from ``task(priority:fileID:line:_:)`` run on the main actor.
@MainActor
open class Interactor: Interactable, Observable {
  private var active = false
  /// Whether the interactor was ever active, to tell work started too early from work too late.
  private var wasActive = false
  private var work = TiedWork()
  /// How many of this interactor's tied tasks are running or ready to run.
  package let activity = TaskActivity()
  private let broadcast = Broadcast<Bool>()
  private let registrar = ObservationRegistrar()

  /// Creates an inactive interactor.
  ///
  /// ```swift
  /// let interactor = Interactor()  // inactive until its router is attached
  /// ```
  ///
  /// Threading: main actor.
  public init() {}

  isolated deinit {
    // Nothing can cancel the work of an object that no longer exists, so it ends here. `isolated`:
    // cleanups are main-actor work, and the last reference may be dropped on any thread. The
    // broadcast ends its streams from its own deinit, right after this body.
    endTiedWork()
  }

  /// Whether the interactor is between ``activate()`` and ``deactivate()``; observable.
  ///
  /// ```swift
  /// withObservationTracking { _ = interactor.isActive } onChange: { print("changed") }
  /// ```
  ///
  /// Threading: main actor.
  public final var isActive: Bool {
    registrar.access(self, keyPath: \.isActive)
    return active
  }

  /// The active state as a sequence: the current value first, then each change, in order.
  ///
  /// Each read makes a new, independent stream; it ends when the interactor is deallocated or the
  /// consuming task is cancelled.
  ///
  /// ```swift
  /// for await active in interactor.isActiveStream where !active { break }
  /// ```
  ///
  /// Threading: read on the main actor; iterate from any task.
  public final var isActiveStream: AsyncStream<Bool> {
    let (stream, continuation) = broadcast.subscribe()
    continuation.yield(active)
    return stream
  }

  /// Starts the active period and calls ``didBecomeActive()``; does nothing if already active.
  ///
  /// A router calls it when it attaches this interactor's router.
  ///
  /// ```swift
  /// interactor.activate()
  /// ```
  ///
  /// Threading: main actor.
  public final func activate() {
    guard !active else { return }
    wasActive = true
    setActive(true)
    didBecomeActive()
  }

  /// Calls ``willResignActive()``, ends the work tied to the active period (cancels its tasks and
  /// runs its cleanups, most recent first) and ends the active period; does nothing if inactive.
  ///
  /// A router calls it when it detaches this interactor's router, or when the router is released.
  ///
  /// ```swift
  /// interactor.deactivate()
  /// ```
  ///
  /// Threading: main actor.
  public final func deactivate() {
    guard active else { return }
    willResignActive()
    endTiedWork()
    setActive(false)
  }

  /// Starts `operation` as a task tied to this interactor's active period.
  ///
  /// The task is cancelled when the interactor deactivates or is deallocated; `operation` must
  /// honour cancellation (as `Task.sleep`, `AsyncStream` iteration and most async APIs do).
  /// Capture `self` weakly in long-running work so that the interactor can be deallocated as soon
  /// as it is detached. Called while inactive, it returns a cancelled task and `operation` never
  /// runs: awaiting its value throws `CancellationError`.
  ///
  /// <!-- snippet-inside: final class SketchInteractor: InteractorSketch -->
  /// ```swift
  /// override func didBecomeActive() {
  ///   task { [weak self] in
  ///     while !Task.isCancelled {
  ///       self?.refresh()
  ///       try await Task.sleep(for: .seconds(30))
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// Timing: `operation` starts on a later main-actor turn, not inside this call, and a value
  /// that a ``CurrentValue`` or another `AsyncSequence` delivers reaches it one main-actor turn
  /// after it was sent (RIBs' relays delivered during the call that sent it). A test does not
  /// poll for either: NapkinTesting's `settle()` returns once every tied task of a subtree has
  /// ended or is waiting on a `CurrentValue`, a child napkin or a `TestClock`.
  ///
  /// Threading: main actor; `operation` runs on the main actor.
  ///
  /// - Parameters:
  ///   - priority: the task's priority.
  ///   - fileID: where the warning about an inactive interactor points; the caller's by default.
  ///   - line: the line of that warning; the caller's by default.
  ///   - operation: the work, run on the main actor.
  /// - Returns: the task, to await its value or cancel it earlier.
  @discardableResult
  public final func task<Success: Sendable>(
    priority: TaskPriority? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    _ operation: @escaping @MainActor () async throws -> Success
  ) -> Task<Success, any Error> {
    guard active else {
      warnInactive(
        "task(_:)", outcome: "the task is cancelled and its work never runs", fileID: fileID,
        line: line)
      let task = Task<Success, any Error> { throw CancellationError() }
      task.cancel()
      return task
    }
    // The task unties itself when it finishes, by the id `tie` gives it just below: a main-actor
    // task cannot start before this synchronous code returns.
    let id = work.nextID
    // Busy from now until the body returns, except while parked where Napkin sees it (a
    // `CurrentValue` read, a test clock's sleep): what NapkinTesting's `settle()` waits on.
    let activity = self.activity
    activity.enter()
    let task = Task(priority: priority) { @MainActor [weak self] in
      defer {
        self?.work.untie(id)
        activity.leave()
      }
      let mark = TiedTaskMark(activity: activity)
      defer { mark.end() }
      return try await TaskActivity.$current.withValue(mark) { try await operation() }
    }
    work.tie(.cancel { task.cancel() })
    return task
  }

  /// Ties `cleanup` to this interactor's active period: it runs once, when the interactor
  /// deactivates or is deallocated, whichever comes first. RIBs calls this
  /// `disposeOnDeactivate(interactor:)`; use it for what is not a task: an observer to remove, a
  /// Combine `AnyCancellable` to cancel, a timer to invalidate.
  ///
  /// Called while inactive, `cleanup` runs at once: the period it would be tied to is over.
  ///
  /// <!-- snippet-inside: final class SketchInteractor: InteractorSketch -->
  /// ```swift
  /// override func didBecomeActive() {
  ///   let token = notifications.addObserver { [weak self] in self?.refresh() }
  ///   disposeOnDeactivate { notifications.removeObserver(token) }
  /// }
  /// ```
  ///
  /// Threading: main actor; `cleanup` runs on the main actor.
  ///
  /// - Parameters:
  ///   - fileID: where the warning about an inactive interactor points; the caller's by default.
  ///   - line: the line of that warning; the caller's by default.
  ///   - cleanup: what to run when the active period ends.
  public final func disposeOnDeactivate(
    fileID: StaticString = #fileID, line: UInt = #line,
    _ cleanup: @escaping @MainActor @Sendable () -> Void
  ) {
    guard active else {
      warnInactive(
        "disposeOnDeactivate(_:)", outcome: "the cleanup runs at once", fileID: fileID,
        line: line)
      cleanup()
      return
    }
    work.tie(.cleanup(cleanup))
  }

  /// The number of tasks from ``task(priority:fileID:line:_:)`` that have neither finished nor been cancelled.
  ///
  /// ```swift
  /// #expect(interactor.runningTaskCount == 0)
  /// ```
  ///
  /// Threading: main actor.
  public final var runningTaskCount: Int { work.taskCount }

  /// The number of cleanups from ``disposeOnDeactivate(fileID:line:_:)`` that have not run yet.
  ///
  /// ```swift
  /// #expect(interactor.pendingCleanupCount == 0)
  /// ```
  ///
  /// Threading: main actor.
  public final var pendingCleanupCount: Int { work.count - work.taskCount }

  /// Called after the interactor becomes active; start work here. The default does nothing.
  ///
  /// <!-- snippet-inside: final class SketchInteractor: InteractorSketch -->
  /// ```swift
  /// override func didBecomeActive() { analytics.track("home") }
  /// ```
  ///
  /// Threading: main actor.
  open func didBecomeActive() {}

  /// Called before the interactor resigns active, while ``isActive`` is still `true`. The default
  /// does nothing; tied tasks are cancelled and tied cleanups run right after it returns.
  ///
  /// <!-- snippet-inside: final class SketchInteractor: InteractorSketch -->
  /// ```swift
  /// override func willResignActive() { draft.save() }
  /// ```
  ///
  /// Threading: main actor.
  open func willResignActive() {}

  private func endTiedWork() {
    for ending in work.end() {
      ending.run()
    }
  }

  private func setActive(_ value: Bool) {
    registrar.withMutation(of: self, keyPath: \.isActive) {
      active = value
    }
    broadcast.send(value)
  }

  private func warnInactive(_ call: String, outcome: String, fileID: StaticString, line: UInt) {
    let name = typeName(of: self)
    let cause =
      wasActive
      ? "\(name) was deactivated, so a late event probably reached a detached napkin; stop the "
        + "events when it resigns (willResignActive(), or work tied with task(_:))."
      : "\(name) has not been activated yet: work started in init(), or before its router is "
        + "attached, never runs. Start it in didBecomeActive()."
    let message =
      "Napkin: warning: \(call) called on \(name), which is not active, so \(outcome). \(cause)"
    // A test that starts work too early passes while testing nothing; an issue makes it fail.
    if TestIssueRecorder.record(message, fileID: fileID, line: line) { return }
    #if DEBUG
      FileHandle.standardError.write(Data("\(fileID):\(line): \(message)\n".utf8))
    #endif
  }
}
