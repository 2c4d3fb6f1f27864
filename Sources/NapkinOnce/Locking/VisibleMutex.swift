import Synchronization

/// A `Mutex` whose hand-offs ThreadSanitizer can see: the one lock of the package, inline in
/// whatever holds it (8 bytes around an empty state, no allocation).
///
/// Why not a bare `Mutex`: on Linux a contended `Mutex` passes ownership inside the kernel (a
/// priority-inheritance futex), which ThreadSanitizer does not model, so it reports the state the
/// lock guards as raced and a `swift test --sanitize=thread` run can never be clean. Each critical
/// section here begins with an acquiring load of `handOff` and ends with a releasing store of the
/// next value, which gives the sanitizer the happens-before edge the lock provides. Only the holder
/// writes `handOff`, so a plain store suffices: no read-modify-write, and on x86-64 and arm64
/// nothing beyond an ordinary load and store. Waiters park in the kernel as with `Mutex` (a futex
/// on Linux, `os_unfair_lock` on Apple platforms, which lends the waiter's priority to the holder).
///
/// Threading: `withLock` may be called from any thread; calls are serialized. Keep the body short
/// and never call back into code that takes the same lock.
@usableFromInline
package struct VisibleMutex<State: ~Copyable>: ~Copyable, Sendable {
  private let mutex: Mutex<State>
  private let handOff = Atomic<UInt32>(0)

  /// Wraps `initialState`.
  package init(_ initialState: consuming sending State) {
    mutex = Mutex(initialState)
  }

  /// Runs `body` with exclusive access to the state.
  @inline(__always)
  package func withLock<Result, Failure>(
    _ body: (inout sending State) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    try mutex.withLock { (state: inout sending State) throws(Failure) -> sending Result in
      let handOffs = handOff.load(ordering: .acquiring)
      defer { handOff.store(handOffs &+ 1, ordering: .releasing) }
      return try body(&state)
    }
  }
}

/// The lock inline in every component: it guards bookkeeping (a few hundred nanoseconds, never
/// user code) whose results stay on the calling thread.
@usableFromInline
package typealias LockWord = VisibleMutex<Void>

extension VisibleMutex where State == Void {
  /// Creates an unlocked lock.
  package init() {
    self.init(())
  }

  /// Runs `body` while holding the lock.
  ///
  /// `body`'s result is not `sending`: it is only ever used by this thread, so it leaves the
  /// critical section through a local instead of `Mutex`'s `sending` result.
  @inline(__always)
  package func withLock<Result, Failure>(_ body: () throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    var outcome: Swift.Result<Result, Failure>?
    withLock { (_: inout sending Void) in
      outcome = Swift.Result { () throws(Failure) -> Result in try body() }
    }
    // Set by the critical section above, which always runs.
    return try outcome!.get()
  }
}
