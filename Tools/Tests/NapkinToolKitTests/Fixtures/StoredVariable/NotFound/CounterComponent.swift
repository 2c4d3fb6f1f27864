import Napkin

final class CounterComponent: EmptyComponent {
  let start: Int

  static let defaultStart = 0

  var counter: Counter { shared { Counter(start: start) } }

  var doubled: Int {
    get { start * 2 }
  }

  init(start: Int) {
    self.start = start
    super.init()
  }
}

/// Not a component: its variables are its own business.
final class Counter {
  var value: Int

  init(start: Int) {
    value = start
  }
}
