import Synchronization

/// Collects lines printed from any thread, such as a lock-wait notice.
final class LineLog: Sendable {
  private let lines = Mutex<[String]>([])

  func append(_ line: String) { lines.withLock { $0.append(line) } }

  var values: [String] { lines.withLock { $0 } }
}
