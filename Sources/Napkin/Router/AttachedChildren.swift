import Observation

/// A router's attached children, in attach order, observable through an object of their own.
///
/// Not through the router: a key path into a generic class (`\Router<T>.children`) is built at
/// run time on every use, and `Router.children` cost 18,600 instructions a read on
/// `Router<Interactor>` (callgrind, `NapkinBenchmarks --profile snapshot-napkin`), most of a tree
/// snapshot; a key path into this class is built once. Observers see no difference: tracking
/// `router.children` records this access.
///
/// Threading: main actor, as its router.
@MainActor
final class AttachedChildren: Observable {
  private var list: [any Routing] = []
  private let registrar = ObservationRegistrar()

  /// The children, recorded as read by whatever observation is tracking.
  var observed: [any Routing] {
    registrar.access(self, keyPath: \.list)
    return list
  }

  /// The children, without recording a read: for the router's own bookkeeping.
  var unobserved: [any Routing] { list }

  func append(_ child: any Routing) {
    registrar.withMutation(of: self, keyPath: \.list) { list.append(child) }
  }

  func remove(at index: Int) {
    _ = registrar.withMutation(of: self, keyPath: \.list) { list.remove(at: index) }
  }
}
