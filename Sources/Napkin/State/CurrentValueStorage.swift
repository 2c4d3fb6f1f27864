import NapkinOnce
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The storage of one ``CurrentValue``: its state machine under a lock, shared by the value and
/// its readers, so that a reader outliving the `CurrentValue` still ends cleanly.
///
/// Continuations are resumed outside the lock: resuming only schedules the reader's task, which
/// reads the state again when it runs.
///
/// An `update` body runs under the lock, so the same thread reaching this `CurrentValue` again
/// from inside it would lock the lock it holds, and the `Mutex` would stop the program with a
/// message that names neither `CurrentValue` nor the rule. `updatingThread` says which thread
/// runs a body, so that such a call stops with Napkin's own message instead.
///
/// Threading: `Sendable`; every transition takes the lock.
final class CurrentValueStorage<Value: Sendable>: Sendable {
  private let state: Locked<CurrentValueState<Value>>
  /// The thread running an `update` body, or 0. Written only by that thread, under the lock, at
  /// the body's start and end; so a thread reads its own identity here only while it runs a body
  /// (its own writes are ordered for it), and `.relaxed` suffices: another thread's identity, or
  /// 0, never matches the reader's.
  private let updatingThread = Atomic<UInt>(0)

  init(_ value: Value) {
    state = Locked(CurrentValueState(value))
  }

  var value: Value {
    stopIfReentered("read value")
    return state.withLock { $0.value }
  }

  func makeReader() -> UInt64 {
    stopIfReentered("called values()")
    return state.withLock { $0.makeReader() }
  }

  func update(
    _ body: (inout Value) -> Void, what: String, fileID: StaticString, line: UInt
  ) {
    stopIfReentered(what, fileID: fileID, line: line)
    let thread = currentThreadIdentity()
    let woken = state.withLock { state in
      updatingThread.store(thread, ordering: .relaxed)
      defer { updatingThread.store(0, ordering: .relaxed) }
      return state.set(body)
    }
    for reader in woken { reader.continuation.resume() }
  }

  /// Stops the program, naming the rule, when the calling thread is inside an `update` body of
  /// this `CurrentValue`.
  private func stopIfReentered(
    _ what: String, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    guard updatingThread.load(ordering: .relaxed) == currentThreadIdentity() else { return }
    napkinMisuse(
      "CurrentValue<\(Value.self)>: \(what) inside an update(_:) body of the same CurrentValue. "
        + "The body runs under the CurrentValue's lock, so it must not read, set or update that "
        + "CurrentValue: compute the new value from the body's inout argument alone, and act on "
        + "the result after update(_:) returns.", fileID: fileID, line: line)
  }

  func finish() {
    let ended = state.withLock { $0.finish() }
    for reader in ended { reader.continuation.resume() }
  }

  /// The value after version `seen` for reader `id`, waiting for it if need be; `nil` once the
  /// `CurrentValue` is gone or the task is cancelled.
  func next(reader id: UInt64, seen: UInt64?) async -> CurrentValueState<Value>.Delivery? {
    let activity = TaskActivity.parkable
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

/// The calling thread's identity as a word, never 0 for a running thread.
private func currentThreadIdentity() -> UInt {
  #if canImport(Glibc)
    UInt(pthread_self())
  #else
    // SAFETY: `pthread_t` is one machine word where Glibc is absent (a pointer on Darwin and
    // musl), checked here; the bytes are read inside the closure, from a value it owns.
    withUnsafeBytes(of: pthread_self()) { bytes in
      precondition(bytes.count == MemoryLayout<UInt>.size, "pthread_t is not one word")
      return bytes.loadUnaligned(as: UInt.self)
    }
  #endif
}
