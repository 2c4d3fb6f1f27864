import NapkinOnce
/// Records the order in which concurrent work happened.
final class OrderLog: Sendable {
  private let storage = Locked<[Int]>([])

  func append(_ value: Int) { storage.withLock { $0.append(value) } }

  var values: [Int] { storage.withLock { $0 } }
}
