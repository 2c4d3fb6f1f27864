import NapkinOnce
import Synchronization

/// A stand-in for a component: an object that owns one store, as `Component` does.
final class StoreOwner: Sendable {
  let store = InstanceStore()
  let factoryRuns = Atomic<Int>(0)

  /// The instance for `key`, counting the factory's runs.
  func instance<T: Sendable>(_ key: String, _ make: () -> T) -> T {
    store.value(forKey: key, owner: self) {
      factoryRuns.add(1, ordering: .relaxed)
      return make()
    }
  }

  var runs: Int { factoryRuns.load(ordering: .relaxed) }
}

/// A shared instance whose release a test can watch.
final class Probe: Sendable {
  let name: String
  init(_ name: String) { self.name = name }
}
