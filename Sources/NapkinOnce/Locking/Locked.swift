/// A value that is only reached while holding its lock: the drop-in for `Mutex` that
/// ThreadSanitizer can see (see ``LockWord`` for why).
///
/// ```swift
/// let counts = Locked([String: Int]())
/// counts.withLock { $0["reads", default: 0] += 1 }
/// ```
///
/// Threading: `withLock` may be called from any thread; calls are serialized. Keep the body short
/// and never call back into code that takes the same lock.
package final class Locked<State: ~Copyable>: @unchecked Sendable {
  // `@unchecked Sendable` is sound for the package's uses: `state` is read and written only inside
  // `withLock`, under `lock`, and every `State` the package stores is Sendable or confined to
  // the lock (frames and waiter lists handed out only as `@unchecked Sendable` values whose
  // fields are themselves guarded).
  private let lock = LockWord()
  private var state: State

  /// Wraps `initialState`.
  package init(_ initialState: consuming State) {
    state = initialState
  }

  /// Runs `body` with exclusive access to the state.
  package func withLock<Result, Failure>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }
}
