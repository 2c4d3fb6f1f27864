import Foundation

/// A one-shot gate: tasks that `wait()` stay suspended until `open()`; waiting on an open gate
/// returns at once. Lets a test look at a model while a service call is still in flight.
///
/// The state sits behind an `NSLock`, by the project's lock rule (CONTRIBUTING.md, "Locks"): this
/// target cannot import NapkinOnce's `Locked`, and ThreadSanitizer sees pthread's hand-offs, not a
/// contended `Mutex`'s. Continuations are resumed only after the lock is released.
// SAFETY: `state` is read and written only inside `lock.withLock`, and `lock` is a `let`.
final class Gate: @unchecked Sendable {
  private enum State {
    case closed([CheckedContinuation<Void, Never>])
    case open
  }

  private let lock = NSLock()
  private var state = State.closed([])

  func wait() async {
    await withCheckedContinuation { continuation in
      let resumeNow = lock.withLock { () -> Bool in
        guard case .closed(let waiters) = state else { return true }
        state = .closed(waiters + [continuation])
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  func open() {
    let waiters = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
      defer { state = .open }
      guard case .closed(let waiters) = state else { return [] }
      return waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
