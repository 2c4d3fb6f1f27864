/// What a store has built, for a debugging view of a running app (Napkin's `treeSnapshot()`):
/// each published key with its value, never touched by the build paths.
extension SharedInstanceStore {
  /// The published instances, in the order they were built.
  ///
  /// Lock free, as a read is: the list only grows, each link is loaded with acquire ordering, so
  /// every instance reached is complete, and instances are freed only by the store's deinit,
  /// which cannot run while the caller holds the component. A build that publishes during the
  /// walk is listed or not, never half.
  package var publishedEntries: [(key: String, value: OnceValue)] {
    var entries: [(key: String, value: OnceValue)] = []
    var candidate = first.load()
    while let instance = candidate {
      entries.append((instance.pointee.key, instance.pointee.value))
      candidate = instance.pointee.next.load()
    }
    return entries
  }
}

/// A shared value that holds many instances of its own (Airframe's `PerKey`): a snapshot reports
/// how many, rather than `1`.
package protocol InstanceCounting {
  /// How many instances the value holds now.
  var heldInstanceCount: Int { get }
}

extension OnceValue {
  /// The value as its factory returned it, unboxed: what a snapshot asks whether it describes
  /// itself or counts its instances.
  package var storedValue: any Sendable {
    (object as? any OnceBoxing)?.boxedValue ?? object
  }
}

/// A ``OnceBox`` of any value type, so that the value can be reached without knowing it.
private protocol OnceBoxing {
  var boxedValue: any Sendable { get }
}

extension OnceBox: OnceBoxing {
  fileprivate var boxedValue: any Sendable { value }
}
