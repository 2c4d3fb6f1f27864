import Napkin

final class CounterComponent: EmptyComponent {
  let start: Int

  static let defaultStart = 0

  @MainActor var counter: Counter { shared { Counter(start: start) } }

  var doubled: Int {
    start * 2
  }

  init(start: Int) {
    self.start = start
    super.init()
  }
}

/// Not a component: its variables are its own business (and the main actor's).
@MainActor
final class Counter {
  var value: Int

  init(start: Int) {
    value = start
  }
}
