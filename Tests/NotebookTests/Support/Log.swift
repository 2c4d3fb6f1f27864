import Synchronization

/// Records values appended from any thread, in order: the lines a lock wait printed, the order in
/// which concurrent work happened.
final class Log<Value: Sendable>: Sendable {
  private let storage = Mutex<[Value]>([])

  func append(_ value: Value) { storage.withLock { $0.append(value) } }

  var values: [Value] { storage.withLock { $0 } }
}
