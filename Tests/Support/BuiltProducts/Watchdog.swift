import Foundation

/// Runs an action once a time limit has passed, unless cancelled first: the bound on a test that
/// waits for a child process.
///
/// ```swift
/// let watchdog = Watchdog(after: .seconds(30)) { print("still waiting") }
/// defer { watchdog.cancel() }
/// semaphore.wait()
/// ```
///
/// Threading: the wait has a thread of its own. A test that waits for a child blocks its thread,
/// and on a machine whose cooperative pool and Dispatch's global queues are all so blocked, an
/// action left to either would never run, and the run it bounds would never end.
public final class Watchdog: Sendable {
  private let cancelled = DispatchSemaphore(value: 0)

  /// Starts the wait; `action` runs on the watchdog's thread after `limit` unless ``cancel()`` was
  /// called.
  public init(after limit: Duration, _ action: @escaping @Sendable () -> Void) {
    let (seconds, attoseconds) = limit.components
    let deadline =
      DispatchTime.now()
      + .nanoseconds(
        Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    Thread.detachNewThread { [cancelled] in
      if cancelled.wait(timeout: deadline) == .timedOut { action() }
    }
  }

  /// Stops the wait; the action has not run and never will, or it runs now and nothing waits
  /// for it.
  public func cancel() {
    cancelled.signal()
  }
}
