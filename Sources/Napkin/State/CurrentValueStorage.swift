import NapkinOnce

/// The storage of one ``CurrentValue``: its state machine under a lock, shared by the value and
/// its readers, so that a reader outliving the `CurrentValue` still ends cleanly.
///
/// Continuations are resumed outside the lock: resuming only schedules the reader's task, which
/// reads the state again when it runs.
///
/// Threading: `Sendable`; every transition takes the lock.
final class CurrentValueStorage<Value: Sendable>: Sendable {
  private let state: Locked<CurrentValueState<Value>>

  init(_ value: Value) {
    state = Locked(CurrentValueState(value))
  }

  var value: Value { state.withLock { $0.value } }

  func makeReader() -> UInt64 { state.withLock { $0.makeReader() } }

  func update(_ body: (inout Value) -> Void) {
    let woken = state.withLock { $0.set(body) }
    for reader in woken { reader.continuation.resume() }
  }

  func finish() {
    let ended = state.withLock { $0.finish() }
    for reader in ended { reader.continuation.resume() }
  }

  /// The value after version `seen` for reader `id`, waiting for it if need be; `nil` once the
  /// `CurrentValue` is gone or the task is cancelled.
  func next(reader id: UInt64, seen: UInt64?) async -> CurrentValueState<Value>.Delivery? {
    let activity = TaskActivity.current
    while true {
      switch state.withLock({ $0.read(seen: seen) }) {
      case .deliver(let delivery): return delivery
      case .end: return nil
      case .park: break
      }
      // The loop's way out for a cancelled task, which `park` refuses to park.
      if Task.isCancelled { return nil }
      await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
          let parked = CurrentValueState<Value>.Parked(
            continuation: continuation, activity: activity)
          let didPark = state.withLock {
            $0.park(id, seen: seen, parked, isCancelled: Task.isCancelled)
          }
          if !didPark { continuation.resume() }
        }
      } onCancel: {
        state.withLock { $0.cancel(id) }?.continuation.resume()
      }
    }
  }
}
