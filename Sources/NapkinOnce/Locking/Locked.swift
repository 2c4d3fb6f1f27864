import Synchronization

/// A value reached only while holding its lock: a `Mutex` whose hand-offs ThreadSanitizer can see
/// (see ``HandOff``), as an object that can be shared.
///
/// ```swift
/// let counts = Locked([String: Int]())
/// counts.withLock { $0["reads", default: 0] += 1 }
/// ```
///
/// Waiters park in the kernel, as with `Mutex`.
///
/// Threading: `withLock` may be called from any thread; calls are serialized. Keep the body short
/// and never call back into code that takes the same lock.
package final class Locked<State: ~Copyable>: Sendable {
  private let mutex: Mutex<State>
  private let handOff = HandOff()

  /// Wraps `initialState`.
  package init(_ initialState: consuming sending State) {
    mutex = Mutex(initialState)
  }

  /// Runs `body` with exclusive access to the state.
  package func withLock<Result, Failure>(
    _ body: (inout sending State) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    try mutex.withLock { (state: inout sending State) throws(Failure) -> sending Result in
      let entered = handOff.enter()
      defer { handOff.leave(entered) }
      return try body(&state)
    }
  }
}
