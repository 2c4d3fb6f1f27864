import NapkinOnce

/// Fans the active state of one interactor out to any number of `AsyncStream`s: a
/// ``Broadcast`` whose every new stream starts with the current state.
final class ActiveStateBroadcast: Sendable {
  private let broadcast = Broadcast<Bool>()

  /// A new stream that yields `current` at once, then every value passed to ``send(_:)``.
  func stream(current: Bool) -> AsyncStream<Bool> {
    let (stream, continuation) = broadcast.subscribe()
    continuation.yield(current)
    return stream
  }

  /// Yields `value` to every open stream.
  func send(_ value: Bool) {
    broadcast.send(value)
  }

  /// Ends every open stream; called when the interactor goes away.
  func finish() {
    broadcast.finish()
  }
}
