import NapkinOnce
import Synchronization

/// Runs async jobs one at a time, in the order they were handed in.
///
/// Stores that write under one directory share one runner, so their writes never interleave:
///
/// ```swift
/// let runner = SerialRunner(label: "notes")
/// let position = try await runner.run { try store.append(note) }  // waits for earlier jobs
/// runner.submit { try await uploader.flush() }  // queued, not awaited
/// ```
///
/// The guarantees:
/// - one job at a time: a job starts only after the previous one has returned or thrown, even
///   across its suspension points (an actor alone interleaves at every `await`);
/// - first in, first out: jobs run in the order ``run(isolation:_:)`` or ``submit(_:)`` was called
///   (for calls that race from different tasks, the order in which they reached the runner);
/// - a job whose task is cancelled while it waits leaves the queue and throws `CancellationError`
///   without running; once started, a job sees cancellation like any other async code;
/// - a job that throws does not stop the runner; the next job runs.
///
/// Threading: `Sendable`; hand in jobs from any thread or task. The state lives under a lock,
/// held only to change the state machine, never while a job runs.
public final class SerialRunner: Sendable {
  /// Names the runner in failure messages.
  ///
  /// ```swift
  /// print(SerialRunner(label: "notes").label)  // notes
  /// ```
  ///
  /// Threading: immutable.
  public let label: String
  // `Locked`, not a bare `Mutex`: ThreadSanitizer cannot see a contended `Mutex`'s hand-offs on
  // Linux, and `swift test --sanitize=thread` must stay clean.
  private let state = Locked(RunnerState())

  /// The runners whose job the current task is running (innermost first), to report a job that
  /// would wait for itself.
  private static let running = TaskLocal<RunnerChain?>(wrappedValue: nil)

  /// Creates an idle runner.
  ///
  /// <!-- snippet-inside: extension SyncManager -->
  /// ```swift
  /// static let sharedInstance = SerialRunner(label: "sync")
  /// ```
  ///
  /// Threading: a runner may be created anywhere; it has no thread of its own, and each job runs
  /// on the task that handed it in (``run(isolation:_:)``) or on a new task (``submit(_:)``).
  public init(label: String = "SerialRunner") {
    self.label = label
  }

  /// The number of jobs waiting for their turn, not counting the running one.
  ///
  /// ```swift
  /// if runner.waitingCount > 100 { print("sync is falling behind") }
  /// ```
  ///
  /// Threading: a snapshot; it may change right after it is read.
  public var waitingCount: Int {
    state.withLock { $0.waitingCount }
  }

  /// Runs `job` after every job handed in before it, and returns its result.
  ///
  /// ```swift
  /// let note = try await runner.run { try await store.save(text) }
  /// ```
  ///
  /// A job calling `run` on its own runner from its own task (directly, or through a job of
  /// another runner that it runs) would wait for itself forever; that stops the program with the
  /// runner's label. Queue follow-up work with ``submit(_:)`` instead. A task the job starts
  /// (`Task { }`, `async let`, a task group's child) that calls `run` waits for its turn like
  /// any other caller, once the job has ended: nothing waits for it unless the job awaits it,
  /// and a job that awaits such a task waits for itself, which the runner cannot tell from a
  /// task nobody awaits. Await it after the job, or hand it in with ``submit(_:)``.
  ///
  /// Threading: `job` runs on the calling task, in the caller's isolation, so it inherits its
  /// priority, task-locals and cancellation.
  ///
  /// - Throws: `CancellationError` when the task is cancelled before the job's turn; otherwise
  ///   whatever `job` throws.
  public func run<T>(
    isolation: isolated (any Actor)? = #isolation, _ job: () async throws -> T
  ) async throws -> T {
    if let chain = Self.running.get(), chain.isRunningJob(of: self) {
      fatalError(
        """
        Airframe: a job of SerialRunner "\(label)" called run on the same runner; it would wait \
        for itself forever. Do the work inline, or queue it with submit(_:).
        """)
    }
    let ticket = reserve()
    if !ticket.hasTurn {
      try await waitInLine(ticket.ticket, isolation: isolation)
    }
    try passTurnIfCancelled()
    let chain = RunnerChain(self, next: Self.running.get())
    defer {
      chain.finish()
      release()
    }
    return try await Self.running.withValue(chain, operation: job, isolation: isolation)
  }

  /// Queues `job` behind every job handed in before it and returns at once.
  ///
  /// ```swift
  /// let upload = runner.submit { try await client.upload(edits) }
  /// try await upload.value  // optional
  /// ```
  ///
  /// The place in line is taken before `submit` returns, so jobs submitted one after another from
  /// synchronous code run in that order.
  ///
  /// Threading: `job` runs on a new task that inherits the caller's priority and task-locals.
  /// Cancelling the returned task before the job's turn removes the job from the queue.
  ///
  /// - Returns: the task that runs the job; its value is the job's result.
  @discardableResult
  public func submit<T: Sendable>(_ job: @escaping @Sendable () async throws -> T) -> Task<
    T, any Error
  > {
    let ticket = reserve()
    return Task {
      if !ticket.hasTurn {
        try await waitInLine(ticket.ticket)
      }
      try passTurnIfCancelled()
      let chain = RunnerChain(self, next: nil)
      defer {
        chain.finish()
        release()
      }
      return try await Self.running.withValue(chain, operation: job)
    }
  }

  private func reserve() -> (ticket: UInt64, hasTurn: Bool) {
    state.withLock { $0.reserve() }
  }

  /// Suspends until `ticket` holds the turn; a cancelled waiter throws instead and never gets it.
  ///
  /// Isolated to the caller, so that waiting adds no executor hop of its own.
  private func waitInLine(
    _ ticket: UInt64, isolation: isolated (any Actor)? = #isolation
  ) async throws {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation(isolation: isolation) { continuation in
        state.withLock { $0.attach(ticket, continuation) }.perform()
      }
    } onCancel: {
      state.withLock { $0.cancel(ticket) }.perform()
    }
  }

  /// Holding the turn now: a task cancelled before its job started passes the turn on unused.
  private func passTurnIfCancelled() throws {
    if Task.isCancelled {
      release()
      throw CancellationError()
    }
  }

  private func release() {
    state.withLock { $0.finish() }.perform()
  }
}

/// The runners whose jobs enclose the current task, innermost first.
///
/// A task-local, so every task a job starts (`Task { }`, `async let`, a group's child) inherits it,
/// and may outlive the job. Only a `run` from the job's own task, while the job runs, is certain
/// to wait for itself; each link therefore names its job's task and says whether the job ended.
private final class RunnerChain: Sendable {
  // Strong, so that an address is never reused while a chain naming it exists.
  let runner: SerialRunner
  let next: RunnerChain?
  private let finished = Atomic(false)
  /// The task running the job: the one that calls `run` or the task `submit` made.
  private let jobTask = JobTaskIdentity.current

  /// A link for the job that the calling task is about to run.
  init(_ runner: SerialRunner, next: RunnerChain?) {
    self.runner = runner
    self.next = next
  }

  /// The job of this link has returned or thrown.
  func finish() {
    finished.store(true, ordering: .releasing)
  }

  /// Whether the calling task is running a job of `runner` now: a `run` on it would wait for
  /// itself. The task's identity is compared only while the job runs (`finished` is read first),
  /// when the job's task is alive and no other task can have its address.
  func isRunningJob(of runner: SerialRunner) -> Bool {
    var link: RunnerChain? = self
    while let current = link {
      if current.runner === runner && !current.finished.load(ordering: .acquiring)
        && current.jobTask?.isCurrent == true
      {
        return true
      }
      link = current.next
    }
    return false
  }
}

/// The identity of the task that runs a job, to compare with the task that calls `run`.
///
/// SAFETY: `@unchecked Sendable` because `UnsafeCurrentTask` is not `Sendable`: using a task's
/// handle from another task (to cancel it, to read its priority) is unsafe once that task may
/// have ended. This type does none of that: it only compares the stored reference with the
/// calling task's, an identity comparison that reads no memory of the stored task, and
/// ``RunnerChain`` compares only while the stored task's job runs, so that task is alive and no
/// other live task shares its address.
private struct JobTaskIdentity: @unchecked Sendable {
  private let task: UnsafeCurrentTask

  /// The calling task, or `nil` outside any task.
  static var current: JobTaskIdentity? {
    withUnsafeCurrentTask { task in task.map { JobTaskIdentity(task: $0) } }
  }

  /// Whether the calling task is this one.
  var isCurrent: Bool {
    withUnsafeCurrentTask { $0 == task }
  }
}
