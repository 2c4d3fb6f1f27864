/// A value reached only while holding its lock, as an object that can be shared: a
/// ``VisibleMutex`` (a `Mutex` whose hand-offs ThreadSanitizer can see) on the heap.
///
/// ```swift
/// let counts = Locked([String: Int]())
/// counts.withLock { $0["reads", default: 0] += 1 }
/// ```
///
/// Threading: `withLock` may be called from any thread; calls are serialized. Keep the body short
/// and never call back into code that takes the same lock.
package final class Locked<State: ~Copyable>: Sendable {
  private let lock: VisibleMutex<State>

  /// Wraps `initialState`.
  package init(_ initialState: consuming sending State) {
    lock = VisibleMutex(initialState)
  }

  /// Runs `body` with exclusive access to the state.
  package func withLock<Result, Failure>(
    _ body: (inout sending State) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    try lock.withLock(body)
  }
}
