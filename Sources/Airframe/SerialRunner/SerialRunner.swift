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
  /// A job calling `run` on its own runner (directly or from a task it created) would wait for
  /// itself forever; that stops the program with the runner's label. Queue follow-up work with
  /// ``submit(_:)`` instead. A task the job created that calls `run` after the job has ended
  /// just waits for its turn: it inherits the job's task-locals, but no longer its job.
  ///
  /// Threading: `job` runs on the calling task, in the caller's isolation, so it inherits its
  /// priority, task-locals and cancellation.
  ///
  /// - Throws: `CancellationError` when the task is cancelled before the job's turn; otherwise
  ///   whatever `job` throws.
  public func run<T>(
    isolation: isolated (any Actor)? = #isolation, _ job: () async throws -> T
  ) async throws -> T {
    if let chain = Self.running.get(), chain.contains(self) {
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
/// A task-local, so an unstructured `Task { }` created inside a job inherits it and may outlive
/// the job; each link therefore says whether its job is still running, and only a running one
/// makes a `run` on its runner a wait for itself.
private final class RunnerChain: Sendable {
  // Strong, so that an address is never reused while a chain naming it exists.
  let runner: SerialRunner
  let next: RunnerChain?
  private let finished = Atomic(false)

  init(_ runner: SerialRunner, next: RunnerChain?) {
    self.runner = runner
    self.next = next
  }

  /// The job of this link has returned or thrown.
  func finish() {
    finished.store(true, ordering: .releasing)
  }

  func contains(_ runner: SerialRunner) -> Bool {
    var link: RunnerChain? = self
    while let current = link {
      if current.runner === runner && !current.finished.load(ordering: .acquiring) { return true }
      link = current.next
    }
    return false
  }
}
