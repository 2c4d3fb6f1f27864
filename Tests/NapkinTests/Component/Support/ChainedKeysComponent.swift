import Dispatch
import Napkin

/// One link of a chain of instances inside one component: built from the link before it.
final class ChainedToken: Sendable {
  let number: Int
  let previous: ChainedToken?

  init(number: Int, previous: ChainedToken?) {
    self.number = number
    self.previous = previous
  }
}

/// A component whose key `n` is built from its own key `n - 1`: asking for the last key nests a
/// build of every key of the same store, each published while the others are still being built,
/// so the store's list of published instances and its list of builds in progress both change under
/// the readers and waiters of one component.
final class ChainedKeysComponent: Component<any RaceDependency>, @unchecked Sendable {
  // SAFETY: `@unchecked Sendable` as inherited from `Component`; `counter` is a `let` of a Sendable type.
  let counter = FactoryCounter()

  func token(number: Int) -> ChainedToken {
    shared(forCallerKey: "link \(number)") {
      counter.record()
      // Widens the window in which other threads arrive while the factory runs.
      for _ in 0..<200 { _ = DispatchTime.now() }
      return ChainedToken(number: number, previous: number == 0 ? nil : token(number: number - 1))
    }
  }
}
