import Synchronization

/// A value reached only while holding its lock: a `Mutex` whose hand-offs ThreadSanitizer can see.
///
/// ```swift
/// let counts = Locked([String: Int]())
/// counts.withLock { $0["reads", default: 0] += 1 }
/// ```
///
/// Why not a bare `Mutex`: on Linux a contended `Mutex` passes ownership inside the kernel (a
/// priority-inheritance futex), which ThreadSanitizer does not model, so it reports the guarded
/// state as raced and a `swift test --sanitize=thread` run can never be clean. Each critical
/// section here begins with an acquiring load of `handOff` and ends with a releasing store of the
/// next value (only the holder writes it, so no read-modify-write is needed), which gives the
/// sanitizer the happens-before edge the lock provides; the price is an ordinary load and store.
/// Waiters still park in the kernel, as with `Mutex`.
///
/// Threading: `withLock` may be called from any thread; calls are serialized. Keep the body short
/// and never call back into code that takes the same lock.
package final class Locked<State: ~Copyable>: Sendable {
  private let mutex: Mutex<State>
  private let handOff = Atomic<UInt>(0)

  /// Wraps `initialState`.
  package init(_ initialState: consuming sending State) {
    mutex = Mutex(initialState)
  }

  /// Runs `body` with exclusive access to the state.
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
