/// Holds a shared value that is not a class instance (a struct, an existential), so that one store
/// can hold values of many types; a class instance is kept as itself. Only ``InstanceStore``
/// creates and unwraps one.
package final class OnceBox<Value: Sendable>: Sendable {
  package let value: Value

  package init(_ value: Value) { self.value = value }
}

/// A ``OnceBox`` of any value type, so that a listing can reach the value without knowing it.
protocol Boxing {
  var boxedValue: any Sendable { get }
}

extension OnceBox: Boxing {
  var boxedValue: any Sendable { value }
}

/// A shared value that holds many instances of its own (Airframe's `PerKey`): a snapshot reports
/// how many, rather than `1`.
package protocol InstanceCounting {
  /// How many instances the value holds now.
  var heldInstanceCount: Int { get }
}
