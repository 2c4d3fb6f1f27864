import NapkinOnce

/// An append-only list that tasks and threads can write at once.
final class Log<Element: Sendable>: Sendable {
  private let storage = Locked<[Element]>([])

  func append(_ element: Element) {
    storage.withLock { $0.append(element) }
  }

  var elements: [Element] {
    storage.withLock { $0 }
  }
}

/// A counter of concurrent activity that remembers the highest value it reached.
final class ConcurrencyMeter: Sendable {
  private let state = Locked((current: 0, highest: 0))

  func enter() {
    state.withLock {
      $0.current += 1
      $0.highest = max($0.highest, $0.current)
    }
  }

  func leave() {
    state.withLock { $0.current -= 1 }
  }

  var highest: Int { state.withLock { $0.highest } }
}
