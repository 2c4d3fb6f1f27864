/// A key's identity on the lock-free path: the two words of its `String` value, which identify
/// the key without hashing or comparing its characters.
///
/// A literal such as `#function` is either stored inline in these words or points at constant
/// data, so two reads from one call site give equal words. Equal words mean equal keys: the words
/// are the whole value of a `String` (its characters inline, or its count, flags and the address
/// of its storage), and a storage a slot keeps alive is neither freed nor, being shared, mutated
/// in place, so its address cannot come to mean other characters. Different words say nothing
/// (a key computed at run time has storage of its own): such a key is found by its characters,
/// under the store's lock.
@usableFromInline
package struct KeyIdentity: Equatable, Sendable {
  @usableFromInline let word0: UInt64
  @usableFromInline let word1: UInt64

  @inlinable
  init(word0: UInt64, word1: UInt64) {
    self.word0 = word0
    self.word1 = word1
  }

  /// The identity of `key`, or `nil` where a `String` is not two 64-bit words (32-bit
  /// platforms, which then find every key by its characters).
  @inlinable @inline(__always)
  package init?(_ key: String) {
    #if _pointerBitWidth(_64) && !NAPKIN_KEYS_WITHOUT_WORDS
      // SAFETY: a `String` is exactly two 64-bit words here (`unsafeBitCast` checks the sizes);
      // the words are read as integers, so no reference is copied, retained or released, and
      // `key` stays alive for the caller. Measured against finding the key by its characters
      // instead, see Benchmarks/README.md.
      let words = unsafeBitCast(key, to: (UInt64, UInt64).self)
      self.init(word0: words.0, word1: words.1)
    #else
      return nil
    #endif
  }

  /// The identity of a copy of `key` that the identity itself owns: the copy's retain (none for
  /// a literal) is released only by ``releaseKey()``. How the inline slot keeps its key alive
  /// without a `String` property beside it.
  ///
  /// - Returns: `nil` where a key has no words (see ``init(_:)``).
  init?(retaining key: String) {
    guard KeyIdentity(key) != nil else { return nil }
    // SAFETY: the copy is initialized in the temporary and deliberately not deinitialized: its
    // ownership moves into the two words read back, which are the whole `String` value (a
    // `String` is bitwise movable, as every copyable type without a raw layout is).
    let words = withUnsafeTemporaryAllocation(of: String.self, capacity: 1) { room in
      room.initializeElement(at: 0, to: key)
      return UnsafeRawPointer(room.baseAddress!).load(as: (UInt64, UInt64).self)
    }
    self.init(word0: words.0, word1: words.1)
  }

  /// Whether the key this identity owns (see ``init(retaining:)``) has the characters of `key`.
  func ownedKeyEquals(_ key: String) -> Bool {
    withOwnedKey { $0.pointee == key }
  }

  /// Releases the key this identity owns (see ``init(retaining:)``); the identity is not used
  /// again.
  func releaseKey() {
    _ = withOwnedKey { pointer in pointer.deinitialize(count: 1) }
  }

  /// Calls `body` with the owned key's words laid out as a `String` again.
  ///
  /// SAFETY: the words were read from an initialized `String` whose retain this identity owns, so
  /// written back they are that `String`; `body` only reads it (a copy is retained and released
  /// in balance) or, in ``releaseKey()``, deinitializes it once, giving up the owned retain.
  private func withOwnedKey<R>(_ body: (UnsafeMutablePointer<String>) -> R) -> R {
    withUnsafeTemporaryAllocation(of: String.self, capacity: 1) { room in
      let raw = UnsafeMutableRawPointer(room.baseAddress!)
      raw.storeBytes(of: (word0, word1), as: (UInt64, UInt64).self)
      return body(room.baseAddress!)
    }
  }
}
