/// Fans values out to any number of `AsyncStream` readers: the machinery behind Napkin's
/// interactor active-state streams and Airframe's `Announcements`.
///
/// A reader's stream is registered before ``subscribe(bufferingPolicy:)`` returns and removed
/// when its consumer cancels or drops it. Termination handlers run on whichever thread cancels a
/// consumer, so the table of continuations sits behind a lock; continuations are yielded to and
/// finished outside it, because finishing runs the termination handler synchronously, which
/// takes the lock again, and yielding resumes a waiting reader.
///
/// Threading: `Sendable`; send, subscribe and finish from any thread or task. Values from one
/// sender reach each reader in the order they were sent.
package final class Broadcast<Value: Sendable>: Sendable {
  private struct Readers {
    var nextID: UInt64 = 0
    var continuations: [UInt64: AsyncStream<Value>.Continuation] = [:]
  }

  private let readers = Locked(Readers())

  /// Creates a broadcast with no readers.
  package init() {}

  deinit {
    finish()
  }

  /// A new reader's stream of the values sent from now on, buffered by `policy`.
  package func subscribe(
    bufferingPolicy policy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
  ) -> (stream: AsyncStream<Value>, continuation: AsyncStream<Value>.Continuation) {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: policy)
    let id = readers.withLock { readers in
      defer { readers.nextID += 1 }
      readers.continuations[readers.nextID] = continuation
      return readers.nextID
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.readers.withLock { $0.continuations.removeValue(forKey: id) }
    }
    return (stream, continuation)
  }

  /// Yields `value` to every registered reader.
  package func send(_ value: Value) {
    for continuation in readers.withLock({ Array($0.continuations.values) }) {
      continuation.yield(value)
    }
  }

  /// Ends every registered reader's stream.
  package func finish() {
    let continuations = readers.withLock { readers in
      defer { readers.continuations = [:] }
      return Array(readers.continuations.values)
    }
    for continuation in continuations {
      continuation.finish()
    }
  }

  /// The number of registered readers, as a snapshot.
  package var readerCount: Int {
    readers.withLock { $0.continuations.count }
  }
}
