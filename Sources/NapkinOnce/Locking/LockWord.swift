import Synchronization

/// The lock inline in every component: 8 bytes, no allocation, for bookkeeping (a few hundred
/// nanoseconds under the lock, never user code) whose results stay on the calling thread.
///
/// A `Mutex` (a futex on Linux, `os_unfair_lock` on Apple platforms: waiters park in the kernel)
/// whose hand-offs ThreadSanitizer can see (see ``HandOff``).
///
/// Threading: `withLock` may be called from any thread; calls are serialized. Never call back
/// into code that takes the same lock.
@usableFromInline
package struct LockWord: ~Copyable, Sendable {
  private let mutex = Mutex(())
  private let handOff = HandOff()

  /// Creates an unlocked lock.
  package init() {}

  /// Runs `body` while holding the lock.
  ///
  /// Non-throwing: no caller's body throws, and without the typed-throws `Result` wrapper the
  /// optimizer inlines the call into every caller by itself.
  package func withLock<Result>(_ body: () -> Result) -> Result {
    // `Mutex.withLock` hands its result back as `sending`; the body's result is only ever used
    // by this thread, so it leaves the critical section through a local instead.
    var outcome: Result?
    mutex.withLock { _ in
      let entered = handOff.enter()
      defer { handOff.leave(entered) }
      outcome = body()
    }
    // Set by the critical section above, which always runs.
    return outcome!
  }
}
