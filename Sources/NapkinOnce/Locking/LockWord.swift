import Synchronization

/// The lock inline in every component, for the once machinery's bookkeeping: a few hundred
/// nanoseconds under the lock, never user code.
///
/// A `Mutex` (a futex on Linux, `os_unfair_lock` on Apple platforms: waiters park in the kernel,
/// no spinning, no priority inversion) plus a hand-off counter. On Linux a contended `Mutex` passes
/// ownership inside the kernel, which ThreadSanitizer does not model, so it would report the state
/// the lock guards as raced; each critical section begins with an acquiring load of `handOff` and
/// ends with a releasing store of the next value, which gives the sanitizer the happens-before
/// edge the lock provides. Only the holder writes `handOff`, so a plain store suffices: no
/// read-modify-write, and on x86-64 and arm64 nothing beyond an ordinary load and store. Eight
/// bytes, no allocation.
///
/// Threading: `withLock` may be called from any thread; calls are serialized.
@usableFromInline
package struct LockWord: ~Copyable, Sendable {
  private let mutex = Mutex(())
  private let handOff = Atomic<UInt32>(0)

  /// Creates an unlocked lock.
  package init() {}

  /// Runs `body` while holding the lock.
  @inline(__always)
  package func withLock<Result, Failure>(_ body: () throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    // `Mutex.withLock` hands its result back as `sending`; the body's result is only ever used
    // by this thread, so it leaves the critical section through a local instead.
    var outcome: Swift.Result<Result, Failure>?
    mutex.withLock { _ in
      let handOffs = handOff.load(ordering: .acquiring)
      defer { handOff.store(handOffs &+ 1, ordering: .releasing) }
      outcome = Swift.Result { () throws(Failure) -> Result in try body() }
    }
    return try outcome.unsafelyUnwrapped.get()
  }
}
