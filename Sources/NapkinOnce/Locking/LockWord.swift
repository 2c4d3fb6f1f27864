import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A four-byte lock for critical sections of a few hundred nanoseconds, visible to
/// ThreadSanitizer.
///
/// Why not `Synchronization.Mutex`: on Linux it parks threads with raw `futex` calls that
/// ThreadSanitizer does not model, so every state it guards is reported as a data race and a
/// `swift test --sanitize=thread` run can never be clean. This lock acquires with a
/// compare-exchange (acquiring) and releases with a store (releasing); both are ordinary atomics
/// that the sanitizer instruments. A contended caller spins briefly, then yields its time slice.
/// Napkin holds its locks only for bookkeeping, never while user code runs, so waits are short.
@usableFromInline
package struct LockWord: ~Copyable, Sendable {
  private let word = Atomic<UInt32>(0)

  /// Creates an unlocked lock.
  package init() {}

  /// Runs `body` while holding the lock.
  @inline(__always)
  package func withLock<Result, Failure>(_ body: () throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    lock()
    defer { unlock() }
    return try body()
  }

  /// Acquires the lock; pair every call with ``unlock()``.
  @inline(__always)
  package func lock() {
    if word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged { return }
    lockContended()
  }

  private func lockContended() {
    var attempts = 0
    repeat {
      attempts += 1
      if attempts > 32 { sched_yield() }
    } while word.load(ordering: .relaxed) != 0
      || !word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
  }

  /// Releases the lock taken by ``lock()``.
  @inline(__always)
  package func unlock() {
    word.store(0, ordering: .releasing)
  }
}
