/// One instance a ``SharedInstanceStore`` has published: its key, its declared type and the value,
/// linked to the instance published after it.
///
/// A plain record in its own allocation, reached through a ``PublishedLink``, rather than an
/// object: a reader then touches its fields through the pointer without retaining and releasing
/// a reference on every read (an object measured 163 instructions per hot read against 115:
/// `valgrind --tool=callgrind … --profile hot-napkin`).
///
/// Immutable once published, apart from `next`, which is set once, under the store's lock, with
/// release ordering: a reader that loads an instance with acquire ordering sees every field
/// complete. The store owns the whole list and destroys it in its deinit, so every instance
/// lives exactly as long as its store.
@usableFromInline
package struct PublishedInstance: ~Copyable {
  /// The key as the property passed it.
  @usableFromInline let key: String
  /// The instance, and the type its factory declared.
  @usableFromInline let value: OnceValue
  /// The instance published after this one, if any.
  @usableFromInline let next = PublishedLink()

  init(key: String, value: OnceValue) {
    self.key = key
    self.value = value
  }

  /// Whether this is the instance for `key`, stored as a `type`.
  ///
  /// The type is compared first: it is one word, and the properties of one component mostly
  /// differ in type. `String`'s `==` then answers at once when both keys have the same bits, as
  /// every read from one `#function` literal does, and compares characters otherwise. A type
  /// mismatch is a misuse and answers `false`: the locked path reports it.
  @inlinable
  func holds(_ key: String, as type: ObjectIdentifier) -> Bool {
    ObjectIdentifier(value.type) == type && self.key == key
  }

  /// The instance for `key`, stored as a `type`, among the ones published after this one; called
  /// by the store's out-of-line `claim`, never from a property.
  func findAfter(_ key: String, as type: ObjectIdentifier) -> InstancePointer? {
    var candidate = next.load()
    while let instance = candidate {
      if instance.pointee.holds(key, as: type) { return instance }
      candidate = instance.pointee.next.load()
    }
    return nil
  }
}

/// The address of a published ``PublishedInstance``.
///
/// SAFETY: an instance is allocated and initialized before its address is published, never
/// changes afterwards (apart from its atomic `next`), and is freed only by its store's deinit
/// (``PublishedLink/destroyList()``), when no reader can remain.
@usableFromInline
package typealias InstancePointer = UnsafeMutablePointer<PublishedInstance>
