import NapkinOnce

/// Fans the active state of one interactor out to any number of `AsyncStream`s.
///
/// Sends and subscriptions happen on the main actor, but a stream's termination handler runs on
/// whichever thread cancels its consumer, so the table of continuations sits behind a lock (`Locked`: a `Mutex` whose hand-offs
/// ThreadSanitizer can see).
/// Continuations are yielded to and finished outside the lock: finishing runs the termination
/// handler synchronously, which takes the lock again.
final class ActiveStateBroadcast: Sendable {
  private struct State {
    var nextID: UInt64 = 0
    var continuations: [UInt64: AsyncStream<Bool>.Continuation] = [:]
  }

  private let state = Locked(State())

  /// A new stream that yields `current` at once, then every value passed to ``send(_:)``.
  func stream(current: Bool) -> AsyncStream<Bool> {
    let (stream, continuation) = AsyncStream.makeStream(of: Bool.self)
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      state.continuations[state.nextID] = continuation
      return state.nextID
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.state.withLock { $0.continuations.removeValue(forKey: id) }
    }
    continuation.yield(current)
    return stream
  }

  /// Yields `value` to every open stream.
  func send(_ value: Bool) {
    for continuation in state.withLock({ Array($0.continuations.values) }) {
      continuation.yield(value)
    }
  }

  /// Ends every open stream; called when the interactor goes away.
  func finish() {
    let continuations = state.withLock { state in
      defer { state.continuations = [:] }
      return Array(state.continuations.values)
    }
    for continuation in continuations {
      continuation.finish()
    }
  }
}
