import Napkin

final class CounterComponent: EmptyComponent {
  var count = 0

  lazy var formatter = NumberFormatter()

  var label: String = "" {
    didSet { count += 1 }
  }
}
