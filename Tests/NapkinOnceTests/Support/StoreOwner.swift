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

/// A shared instance whose release a test can watch; open to a subclass (``NamedProbe``), so that
/// a test can share a subclass instance as a `Probe`.
// SAFETY: its only state is an immutable `String`; unchecked because the class is not final.
class Probe: @unchecked Sendable {
  let name: String
  init(_ name: String) { self.name = name }
}

/// A class-bound protocol with a requirement: its existential is a reference and a witness table.
protocol Named: AnyObject, Sendable {
  var name: String { get }
}

/// A ``Probe`` subclass that is also ``Named``.
// SAFETY: its only state is `Probe`'s immutable `name`.
final class NamedProbe: Probe, Named, @unchecked Sendable {}
