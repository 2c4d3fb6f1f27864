/// A built instance, erased so that one store can hold values of many types.
///
/// A class instance is stored as itself; any other value is boxed. The erased `object` is what the
/// store retains, so the instance lives exactly as long as the store does.
@usableFromInline
package struct OnceValue: @unchecked Sendable {
  // `@unchecked` because `object` may be a non-Sendable user type; the once machinery only stores
  // and hands it out, exactly as the user's component would with a stored property.
  /// The instance, or a ``OnceBox`` holding it.
  @usableFromInline package let object: AnyObject
  /// The type the factory declared, compared on every later request for the same key.
  @usableFromInline package let type: Any.Type

  @inlinable
  package init<T>(wrapping value: T) {
    if OnceValue.storesDirectly(T.self) {
      self.object = unsafeBitCast(value, to: AnyObject.self)
    } else {
      self.object = OnceBox(value)
    }
    self.type = T.self
  }

  /// Whether a `T` is a single class reference and can be stored without a box.
  @inlinable @inline(__always)
  package static func storesDirectly<T>(_: T.Type) -> Bool {
    MemoryLayout<T>.size == MemoryLayout<AnyObject>.size && T.self is AnyObject.Type
  }

  /// The value of a published slot whose object bits are `bits`, as a `T`, retained once (the
  /// floor for returning a strong reference); the caller has checked that the slot's type is `T`.
  @inlinable @inline(__always)
  package static func instance<T>(published bits: UInt, as _: T.Type) -> T {
    let pointer = UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped
    if storesDirectly(T.self) {
      return unsafeBitCast(
        Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue(), to: T.self)
    }
    return Unmanaged<OnceBox<T>>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.value }
  }

  /// The value as a `T`; the caller has checked that `type` is `T`.
  @inlinable @inline(__always)
  package static func unwrap<T>(_ object: AnyObject, as _: T.Type) -> T {
    if storesDirectly(T.self) {
      return unsafeBitCast(object, to: T.self)
    }
    return unsafeDowncast(object, to: OnceBox<T>.self).value
  }
}

/// Holds a value that is not a class instance.
@usableFromInline
package final class OnceBox<Value> {
  @usableFromInline
  package let value: Value

  @inlinable
  package init(_ value: Value) { self.value = value }
}

extension OnceValue {
  /// Wraps an already erased value.
  package init(object: AnyObject, type: Any.Type) {
    self.object = object
    self.type = type
  }
}
