import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A four-byte lock stored inline, for the once machinery's bookkeeping: a few hundred nanoseconds
/// under the lock, never user code.
///
/// Every component carries one, so it must cost no allocation and no more than a word; `Locked`
/// (a `Mutex` in a class) would cost both. It acquires with a compare-exchange (acquiring) and
/// releases with a store (releasing), ordinary atomics that ThreadSanitizer instruments, so the
/// sanitizer sees every hand-off (it cannot see a contended `Mutex`'s, which happen in the
/// kernel). A contended caller spins briefly, then yields its time slice.
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
