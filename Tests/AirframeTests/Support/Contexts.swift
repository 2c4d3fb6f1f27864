import Airframe
import Dispatch
import Synchronization

/// A per-key context that counts how often each key was built.
final class CountingContext: Sendable {
  static let builds = Log<String>()

  let key: String

  init(_ key: String) {
    self.key = key
    Self.builds.append(key)
  }
}

/// Contexts whose initializers ask for other keys of the same registry: "leaf" needs nothing,
/// "branch" needs "leaf", "a" needs "b" and "b" needs "a" (a cycle).
final class LinkedContext: Sendable {
  static let all = PerKey<String, LinkedContext> { LinkedContext($0) }

  let key: String
  let child: LinkedContext?

  private init(_ key: String) {
    self.key = key
    switch key {
    case "branch": child = Self.all.shared(for: "leaf")
    case "a": child = Self.all.shared(for: "b")
    case "b": child = Self.all.shared(for: "a")
    default: child = nil
    }
  }
}

/// A context holding a component graph decided by its private initializer: two stores sharing
/// one runner.
final class ShelfContext: Sendable {
  static let all = PerKey<Int, ShelfContext> { ShelfContext($0) }

  let runner: SerialRunner
  let first: Store
  let second: Store

  final class Store: Sendable {
    let runner: SerialRunner
    init(runner: SerialRunner) { self.runner = runner }
  }

  private init(_ shelf: Int) {
    runner = SerialRunner(label: "shelf \(shelf)")
    first = Store(runner: runner)
    second = Store(runner: runner)
  }
}

/// Contexts "x" and "y" built on two threads at once, each initializer needing the other key once
/// both builds have started: a cycle across threads.
final class CrossThreadContext: Sendable {
  static let all = PerKey<String, CrossThreadContext> { CrossThreadContext($0) }

  let other: CrossThreadContext

  private init(_ key: String) {
    other = Self.all.shared(for: key == "x" ? "y" : "x")
  }
}
