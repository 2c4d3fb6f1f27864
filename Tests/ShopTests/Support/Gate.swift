import Synchronization

/// A one-shot gate: tasks that `wait()` stay suspended until `open()`; waiting on an open gate
/// returns at once. Lets a test look at a model while a service call is still in flight.
final class Gate: Sendable {
  private enum State {
    case closed([CheckedContinuation<Void, Never>])
    case open
  }

  private let state = Mutex(State.closed([]))

  func wait() async {
    await withCheckedContinuation { continuation in
      let resumeNow = state.withLock { state -> Bool in
        guard case .closed(let waiters) = state else { return true }
        state = .closed(waiters + [continuation])
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  func open() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      defer { state = .open }
      guard case .closed(let waiters) = state else { return [] }
      return waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
