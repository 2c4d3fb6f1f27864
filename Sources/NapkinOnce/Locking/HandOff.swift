import Synchronization

/// The happens-before edge of a lock hand-off, made visible to ThreadSanitizer: the package's one
/// copy of it, used by both of its locks (``LockWord`` inline, ``Locked`` on the heap).
///
/// Why it exists: on Linux a contended `Mutex` passes ownership inside the kernel (a
/// priority-inheritance futex), which ThreadSanitizer does not model, so it reports the state the
/// lock guards as raced and a `swift test --sanitize=thread` run can never be clean. A critical
/// section that begins with ``enter()`` (an acquiring load) and ends with ``leave(_:)`` (a
/// releasing store of the next value) gives the sanitizer the edge the lock provides. Only the
/// lock's holder writes the counter, so a plain store suffices: no read-modify-write, and on
/// x86-64 and arm64 nothing beyond an ordinary load and store.
///
/// Seen on Swift 6.3.1, Linux x86-64; no upstream issue found. The minimal reproduction, built
/// with `swiftc -sanitize=thread`, reports a "Swift access race" on the counter:
///
/// ```swift
/// final class Box: Sendable { let count = Mutex(0) }
/// let box = Box()
/// for _ in 0..<4 { Thread { for _ in 0..<200_000 { box.count.withLock { $0 += 1 } } }.start() }
/// Thread.sleep(forTimeInterval: 5)
/// ```
///
/// https://github.com/swiftlang/swift/pull/88523 (adaptive spinning for Linux's `Mutex`) changes
/// how a contended lock is handed over; whether a toolchain with it runs that clean is not known.
/// This type can go, and ``Locked`` and ``LockWord`` become a bare `Mutex`, once the reproduction
/// runs clean on every toolchain the package supports.
///
/// Threading: call both only while holding the lock whose hand-offs this records.
package struct HandOff: ~Copyable, Sendable {
  private let count = Atomic<UInt32>(0)

  /// Creates the record of a lock that has never been taken.
  package init() {}

  /// Call first in a critical section; pass the result to ``leave(_:)``.
  package func enter() -> UInt32 {
    count.load(ordering: .acquiring)
  }

  /// Call last in a critical section, with what ``enter()`` returned.
  package func leave(_ entered: UInt32) {
    count.store(entered &+ 1, ordering: .releasing)
  }
}
