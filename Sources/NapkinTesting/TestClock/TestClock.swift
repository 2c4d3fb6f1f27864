import Napkin
import NapkinOnce

/// A clock whose time moves only when a test says so.
///
/// Inject it where production code takes `some Clock<Duration>` (a retry delay, a refresh
/// interval, a timeout), then move time by hand: sleepers wake in deadline order, with `now` set to
/// their deadline, and no test waits for real time.
///
/// ```swift
/// let clock = TestClock()
/// let retry = Task { try await clock.sleep(for: .seconds(2)) }
/// try await clock.waitForSleepers(count: 1)  // the task is now suspended on the clock
/// await clock.advance(by: .seconds(2))       // ...and wakes
/// try await retry.value
/// ```
///
/// A cancelled sleeper throws `CancellationError` at once and leaves the clock.
///
/// Threading: `Sendable`; sleep, advance and read `now` from any task or thread at once. The state
/// lives in a `Mutex`; continuations are resumed only after it is released.
public final class TestClock: Clock {
  /// The clock's unit of time: `Swift.Duration`.
  ///
  /// ```swift
  /// let step: TestClock.Duration = .milliseconds(100)
  /// ```
  ///
  /// Threading: a value type.
  public typealias Duration = Swift.Duration

  // `Locked` is the package's `Mutex` with a hand-off ThreadSanitizer can see (see `Locked`).
  private let table: Locked<SleeperTable<Sleeper>>

  /// Creates a clock stopped at `now`.
  ///
  /// ```swift
  /// let clock = TestClock()  // now == TestClock.Instant(offset: .zero)
  /// ```
  ///
  /// Threading: create it anywhere and share it freely.
  public init(now: Instant = Instant()) {
    table = Locked(SleeperTable(now: now))
  }

  /// Runs one transition of the state machine under the lock.
  private func withTable<Result: Sendable>(
    _ transition: (inout SleeperTable<Sleeper>) -> Result
  ) -> Result {
    table.withLock { transition(&$0) }
  }

  /// The clock's current time; it changes only through ``advance(by:)`` and ``advance(to:)``.
  ///
  /// ```swift
  /// await clock.advance(by: .seconds(1))
  /// #expect(clock.now == TestClock.Instant(offset: .seconds(1)))
  /// ```
  ///
  /// Threading: safe to read from anywhere.
  public var now: Instant {
    withTable { $0.now }
  }

  /// The smallest step this clock distinguishes: one nanosecond, the resolution of `Duration`'s
  /// arithmetic that tests use.
  ///
  /// ```swift
  /// #expect(clock.minimumResolution == .nanoseconds(1))
  /// ```
  ///
  /// Threading: a constant.
  public var minimumResolution: Duration {
    .nanoseconds(1)
  }

  /// The number of tasks currently suspended in ``sleep(until:tolerance:)``.
  ///
  /// ```swift
  /// #expect(clock.sleeperCount == 0)  // nothing left waiting after the test
  /// ```
  ///
  /// Threading: safe to read from anywhere; another task may change it right after.
  public var sleeperCount: Int {
    withTable { $0.sleeperCount }
  }

  /// Suspends the calling task until the clock reaches `deadline`.
  ///
  /// Returns at once when `deadline` is not after ``now``. Throws `CancellationError` when the
  /// task is cancelled, before or while sleeping; a cancelled sleeper leaves the clock.
  ///
  /// ```swift
  /// try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
  /// ```
  ///
  /// Threading: call from any task; many tasks may sleep at once.
  ///
  /// - Parameters:
  ///   - deadline: when to wake.
  ///   - tolerance: ignored: a test clock wakes sleepers exactly at their deadline.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    try await suspend(until: .deadline(deadline))
  }

  /// Moves time forward by `duration`, waking every sleeper whose deadline falls within it.
  ///
  /// Sleepers wake in deadline order (arrival order for equal deadlines) and each sees ``now`` at
  /// its own deadline. Between deadlines the advancing task yields, so a woken task usually gets to
  /// run (and to sleep again) before later sleepers wake; a sleeper that registers a deadline
  /// within the window before the advance ends is woken by it too.
  ///
  /// ```swift
  /// await clock.advance(by: .seconds(10))
  /// ```
  ///
  /// Threading: call from any task. Concurrent advances add up (two advances by one second move
  /// time by two) and no sleeper is woken twice.
  ///
  /// - Precondition: `duration` is not negative; time never goes backwards.
  public func advance(by duration: Duration) async {
    // `fatalError`, not `precondition`: an optimized build drops a precondition's message.
    guard duration >= .zero else {
      fatalError(
        "TestClock.advance(by: \(duration)) would move time backwards; pass a duration >= .zero.")
    }
    let target = withTable { $0.claimAdvance(by: duration) }
    await wake(until: target)
  }

  /// Moves time forward to `deadline`, waking sleepers as ``advance(by:)`` does.
  ///
  /// ```swift
  /// await clock.advance(to: TestClock.Instant(offset: .seconds(30)))
  /// ```
  ///
  /// Threading: call from any task; an advance to an instant that another advance has already
  /// passed wakes nothing more.
  ///
  /// - Precondition: `deadline` is not before ``now``.
  public func advance(to deadline: Instant) async {
    let current = now
    guard deadline >= current else {
      fatalError(
        "TestClock.advance(to: \(deadline)) would move time backwards from \(current); "
          + "pass an instant >= now.")
    }
    withTable { $0.claimAdvance(to: deadline) }
    await wake(until: deadline)
  }

  private func wake(until deadline: Instant) async {
    while let due = withTable({ $0.wakeEarliest(notAfter: deadline) }) {
      due.resumeAll()
      await Task.yield()
    }
  }

  /// Suspends until at least `count` tasks are sleeping on this clock.
  ///
  /// Call it before ``advance(by:)`` when the sleeper is another task, so that the advance cannot
  /// happen before the sleep starts:
  ///
  /// ```swift
  /// let refresh = Task { try await model.refreshAfterDelay(clock: clock) }
  /// try await clock.waitForSleepers(count: 1)
  /// await clock.advance(by: .seconds(5))
  /// ```
  ///
  /// Throws `CancellationError` when the waiting task is cancelled. Wrap the test in a
  /// `.timeLimit` trait: if the sleep never happens, this waits forever.
  ///
  /// Threading: call from any task.
  public func waitForSleepers(count: Int = 1) async throws {
    try Task.checkCancellation()
    try await suspend(until: .sleepers(count: count))
  }

  private func suspend(until wait: SleeperTable<Sleeper>.Wait)
    async throws
  {
    let id = withTable { $0.begin() }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        // A sleeping tied task is parked where `settle()` can see it: uncounted now, counted
        // again when it is resumed (``Sleeper/resume(_:)``), before it can run.
        let sleeper = Sleeper(continuation: continuation, activity: TaskActivity.parkable)
        sleeper.activity?.leave()
        withTable { $0.suspend(id, until: wait, continuation: sleeper) }.resumeAll()
      }
    } onCancel: {
      withTable { $0.cancel(id) }.resumeAll()
    }
  }
}

/// A task sleeping on a test clock, and the activity of the tied task it parks, if any.
struct Sleeper {
  let continuation: CheckedContinuation<Void, any Error>
  let activity: TaskActivity?
}

extension [SleeperTable<Sleeper>.Resumption] {
  fileprivate func resumeAll() {
    for resumption in self {
      resumption.continuation.activity?.enter()
      switch resumption.outcome {
      case .wake: resumption.continuation.continuation.resume()
      case .cancel: resumption.continuation.continuation.resume(throwing: CancellationError())
      }
    }
  }
}
