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
