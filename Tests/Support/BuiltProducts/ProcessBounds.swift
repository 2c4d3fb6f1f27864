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
    public func launchAlone() throws {
      // An `NSLock`, not a `Mutex`: ThreadSanitizer sees pthread's hand-offs, not a contended
      // `Mutex`'s.
      launching.lock()
      defer { launching.unlock() }
      try run()
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
    @discardableResult
    public func killIfRunning(after limit: Duration) -> Watchdog {
      let pid = processIdentifier
      return Watchdog(after: limit) { [self] in
        if isRunning { kill(pid, SIGKILL) }
      }
    }
  }

  /// Held while a child starts.
  private let launching = NSLock()
#endif
