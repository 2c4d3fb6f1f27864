/// A built instance, erased so that one store can hold values of many types.
///
/// Only `Sendable` values are stored: a store hands its instances to every thread that asks. A
/// class instance is stored as itself; any other value is boxed. The erased `object` is what the
/// store retains, so the instance lives exactly as long as the store does.
@usableFromInline
package struct OnceValue: Sendable {
  /// The instance, or a ``OnceBox`` holding it.
  @usableFromInline package let object: any AnyObject & Sendable
  /// The type the factory declared, compared on every later request for the same key.
  @usableFromInline package let type: any Any.Type

  /// Erases `value`.
  @inlinable
  package init<T: Sendable>(wrapping value: T) {
    if OnceValue.storesDirectly(T.self) {
      // SAFETY: a `T` that stores directly is a single class reference (checked just above), and
      // a `Sendable` one, so its bits are a reference to a `Sendable` object.
      self.object = unsafeBitCast(value, to: (any AnyObject & Sendable).self)
    } else {
      self.object = OnceBox(value)
    }
    self.type = T.self
  }

  /// Whether a `T` is a single class reference and so is stored without a box; a constant once
  /// the caller is specialized for `T`.
  @inlinable
  package static func storesDirectly<T>(_: T.Type) -> Bool {
    MemoryLayout<T>.size == MemoryLayout<AnyObject>.size && T.self is AnyObject.Type
  }

  /// The value as a `T`; the caller has checked that `object` was stored for a `T`.
  ///
  /// Always inlined: left to the optimizer, the property calls it instead, and the `hot`
  /// scenario measured 161 instructions per read against 114 under callgrind (2026-12-01).
  @inlinable @inline(__always)
  package static func unwrap<T: Sendable>(_ object: AnyObject, as _: T.Type) -> T {
    if storesDirectly(T.self) {
      // SAFETY: a `T` that stores directly is a single class reference (checked just above), and
      // `object` is that reference, stored for a `T` (the caller compared the stored type).
      return unsafeBitCast(object, to: T.self)
    }
    // SAFETY: a `T` that does not store directly was boxed by `init(wrapping:)` as exactly a
    // `OnceBox<T>`, and the caller compared the type stored with `object` against `T`, so the
    // unchecked cast names the object's own class.
    return unsafeDowncast(object, to: OnceBox<T>.self).value
  }
}

/// Holds a value that is not a class instance.
@usableFromInline
package final class OnceBox<Value: Sendable>: Sendable {
  @usableFromInline
  package let value: Value

  @inlinable
  package init(_ value: Value) { self.value = value }
}
