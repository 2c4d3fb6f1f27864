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
      // `key` stays alive for the caller. Measured against hashing the characters instead, see
      // Sources/NapkinOnce/README.md.
      let words = unsafeBitCast(key, to: (UInt64, UInt64).self)
      self.init(word0: words.0, word1: words.1)
    #else
      return nil
    #endif
  }
}
