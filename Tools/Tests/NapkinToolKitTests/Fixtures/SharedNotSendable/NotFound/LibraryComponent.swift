import Foundation
import Napkin

protocol Clock: Sendable {}

nonisolated final class SystemClock: Clock {}

nonisolated final class Counter: Sendable {
  let start: Int
  init(start: Int) { self.start = start }
}

@MainActor
final class Screen {
  var title = ""
}

extension Ledger: @unchecked Sendable {}
nonisolated final class Ledger {}

/// May be Sendable without saying so.
nonisolated struct Point {
  var x = 0
}

/// Inherits from a class declared elsewhere: the syntax does not tell.
nonisolated final class Observer: NSObject {}

final class LibraryComponent: EmptyComponent, @unchecked Sendable {
  var clock: SystemClock { shared { SystemClock() } }
  var counter: Counter { shared { Counter(start: 1) } }
  @MainActor var screen: Screen { shared { Screen() } }
  var ledger: Ledger { shared { Ledger() } }
  var origin: Point { shared { Point() } }
  var observer: Observer { shared { Observer() } }
}
