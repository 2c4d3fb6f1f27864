import Foundation

// Child processes: only where Foundation.Process exists.
#if os(macOS) || os(Linux) || os(Windows)

  extension Process {
    /// Starts the process, never at the same moment as another child the tests start.
    ///
    /// ```swift
    /// try process.launchAlone()
    /// ```
    ///
    /// swift-corelibs-foundation learns that a child ended when a socket the child holds open
    /// closes, and lists the descriptors a new child must close at the start of `run()`. A child
    /// started at the same moment on another thread can inherit a socket made in between and
    /// keep it: its sibling's end then goes unnoticed while it lives, and two servers holding each
    /// other's never end, their tests waiting in `waitUntilExit()` for ever.
    ///
    /// Upstream: https://github.com/swiftlang/swift-corelibs-foundation/issues/4795 (open: the
    /// socket a child inherits keeps its parent from noticing its end), seen on Swift 6.3.1,
    /// Linux. The lock can go once `Process` learns of a child's end from the kernel (a pidfd or
    /// SIGCHLD) instead of that socket: the tests that start two servers at once then end without
    /// it.
    public func launchAlone() throws {
      try withLaunchLock { try run() }
    }

    /// Kills the started process if it still runs after `limit`: the bound on a test that waits
    /// for it. Cancel the returned watchdog once the process has ended.
    ///
    /// ```swift
    /// let watchdog = process.killIfRunning(after: .seconds(30))
    /// defer { watchdog.cancel() }
    /// process.waitUntilExit()
    /// ```
    ///
    /// SIGKILL, not `terminate()`'s SIGTERM: a child starts with the signal mask of the thread
    /// that started it, and Dispatch's threads block SIGTERM.
    ///
    /// Not safe against a reused pid: `Process` reaps its child on a thread of its own and only
    /// then clears `isRunning`, so the kill below can reach a pid reaped in between and given to
    /// another process. Nothing outside `Process` can close that window; on Linux
    /// ``ChildProcess``, which the tests reap themselves, has the same members without it, and
    /// ``BuiltProduct/run(_:arguments:input:output:timeLimit:)`` uses it.
    @discardableResult
    public func killIfRunning(after limit: Duration) -> Watchdog {
      let pid = processIdentifier
      return Watchdog(after: limit) { [self] in
        if isRunning { kill(pid, SIGKILL) }
      }
    }
  }

  /// Held while a child starts, by `Process.launchAlone()` and ``ChildProcess/launchAlone()``
  /// alike. An `NSLock`, by the project's lock rule (CONTRIBUTING.md, "Locks"): ThreadSanitizer
  /// sees pthread's hand-offs, not a contended `Mutex`'s.
  private let launching = NSLock()

  /// Runs `body`, which starts a child, while no other child the tests start is starting.
  func withLaunchLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    try launching.withLock(body)
  }
#endif
