import Synchronization

/// Records the order in which concurrent work happened.
final class OrderLog: Sendable {
  private let storage = Mutex<[Int]>([])

  func append(_ value: Int) { storage.withLock { $0.append(value) } }

  var values: [Int] { storage.withLock { $0 } }
}
