import Synchronization

/// One published instance in 32 bytes: the key (whose two words are also its identity for the
/// lock-free lookup, see ``keyWords(_:)``), the value's type and the value.
///
/// `object` is written last with release ordering and read first with acquire ordering, so every
/// other field of a slot whose `object` is non-zero is fully written and never changes again.
@usableFromInline
package struct Slot: ~Copyable {
  /// Owned by the slot, which keeps a heap-allocated key alive, so equal words mean equal keys.
  @usableFromInline var key: String
  @usableFromInline var type: Any.Type?
  @usableFromInline let object: Atomic<UInt>

  init() {
    key = ""
    type = nil
    object = Atomic(0)
  }
}

extension UnsafeMutablePointer where Pointee == Slot {
  /// The two words of the slot's key, read without copying (and so without retaining) it.
  ///
  /// `key` is the slot's first field and a `String` is two words on the platforms where
  /// ``keyWords(_:)`` enables the lock-free path; reading them as integers is a plain load of
  /// initialized memory.
  @inlinable @inline(__always)
  var keyWords: (UInt64, UInt64) {
    let raw = UnsafeRawPointer(self)
    return (raw.load(as: UInt64.self), raw.load(fromByteOffset: 8, as: UInt64.self))
  }
}

/// An open-addressed table of ``Slot``s in one raw allocation: a header, then the slots.
///
/// Readers probe it without a lock; a writer (holding its store's lock) fills empty slots in place
/// and, when the table is three quarters full, copies it into one twice as large. Superseded tables
/// stay allocated, linked from their successor, until the store is destroyed: a reader may still
/// be probing one, and the sum of their sizes is less than the newest table's.
@usableFromInline
package struct SlotTable {
  @usableFromInline let base: UnsafeMutableRawPointer

  @usableFromInline static let headerSize = 32

  @inlinable
  init(address: UInt) {
    base = UnsafeMutableRawPointer(bitPattern: address).unsafelyUnwrapped
  }

  @inlinable var address: UInt { UInt(bitPattern: base) }

  /// `64 - log2(capacity)`: how far a mixed hash shifts right to become an index.
  @inlinable var shift: Int { base.load(as: Int.self) }
  @inlinable var mask: Int { base.load(fromByteOffset: 8, as: Int.self) }
  var capacity: Int { mask + 1 }

  /// Published entries; written only under the store's lock.
  var count: Int {
    get { base.load(fromByteOffset: 16, as: Int.self) }
    nonmutating set { base.storeBytes(of: newValue, toByteOffset: 16, as: Int.self) }
  }

  /// The table this one replaced, or 0.
  var previous: UInt { base.load(fromByteOffset: 24, as: UInt.self) }

  @inlinable
  func slot(_ index: Int) -> UnsafeMutablePointer<Slot> {
    (base + SlotTable.headerSize).assumingMemoryBound(to: Slot.self) + index
  }

  /// The first slot to probe for a key with these bits.
  @inlinable @inline(__always)
  func startIndex(_ word0: UInt64, _ word1: UInt64) -> Int {
    let mixed = (word0 ^ (word1 &<< 29 | word1 &>> 35)) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed &>> UInt64(truncatingIfNeeded: shift))
  }

  /// Allocates an empty table with room for `capacity` slots (a power of two, at least 2).
  static func allocate(capacity: Int, previous: UInt) -> SlotTable {
    let stride = MemoryLayout<Slot>.stride
    // The slots' own alignment: asking for more sends small blocks down `posix_memalign`.
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: headerSize + capacity * stride, alignment: MemoryLayout<Slot>.alignment)
    memory.storeBytes(of: 64 - capacity.trailingZeroBitCount, as: Int.self)
    memory.storeBytes(of: capacity - 1, toByteOffset: 8, as: Int.self)
    memory.storeBytes(of: 0, toByteOffset: 16, as: Int.self)
    memory.storeBytes(of: previous, toByteOffset: 24, as: UInt.self)
    let slots = (memory + headerSize).bindMemory(to: Slot.self, capacity: capacity)
    for index in 0..<capacity {
      (slots + index).initialize(to: Slot())
    }
    return SlotTable(address: UInt(bitPattern: memory))
  }

  /// Whether one more entry still leaves a quarter of the slots empty, which keeps probes short
  /// and guarantees every probe ends at an empty slot.
  var hasRoomForOneMore: Bool { count + 1 < capacity && (count + 1) * 4 <= capacity * 3 }

  /// Fills an empty slot and publishes it. The caller holds the store's lock and passes an owned
  /// (+1) reference in `objectBits`.
  func insert(key: String, type: Any.Type, objectBits: UInt) {
    let words = keyWords(key) ?? (0, 0)
    var index = startIndex(words.0, words.1)
    while slot(index).pointee.object.load(ordering: .relaxed) != 0 {
      index = (index + 1) & mask
    }
    let target = slot(index)
    target.pointee.key = key
    target.pointee.type = type
    target.pointee.object.store(objectBits, ordering: .releasing)
    count += 1
  }

  /// Calls `body` with every published slot.
  func forEachPublished(_ body: (borrowing Slot, UInt) -> Void) {
    for index in 0...mask {
      let bits = slot(index).pointee.object.load(ordering: .acquiring)
      if bits != 0 {
        body(slot(index).pointee, bits)
      }
    }
  }

  /// Destroys the table; releases the instances too when `ownsInstances` (only the newest does).
  func deallocate(releasingInstances ownsInstances: Bool) {
    for index in 0...mask {
      let bits = slot(index).pointee.object.load(ordering: .relaxed)
      if ownsInstances, bits != 0 {
        Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release()
      }
      _ = slot(index).move()
    }
    base.deallocate()
  }
}

/// The bits of a `String` value, which identify a key without hashing its characters.
///
/// A literal such as `#function` is either stored inline in these bits or points at constant data,
/// so two reads from one call site give equal bits. Equal bits imply equal strings as long as the
/// table keeps its own copy of the key alive, which it does.
@inlinable @inline(__always)
package func keyWords(_ key: String) -> (UInt64, UInt64)? {
  #if _pointerBitWidth(_64)
    // A register-to-register reinterpretation: no copy to memory, so no stack protector either.
    return unsafeBitCast(key, to: (UInt64, UInt64).self)
  #else
    return nil
  #endif
}

/// Whether two strings are one value (the same words), which implies equal characters; `false`
/// says nothing about the characters.
@inlinable @inline(__always)
package func isSameStringValue(_ first: String, _ second: String) -> Bool {
  guard let firstWords = keyWords(first), let secondWords = keyWords(second) else { return false }
  return firstWords == secondWords
}
