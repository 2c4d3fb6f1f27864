import Synchronization

/// One published instance: the key, its identity for the lock-free lookup (see ``KeyIdentity``),
/// the value's type and the value.
///
/// `object` is written last with release ordering and read first with acquire ordering, so every
/// other field of a slot whose `object` is non-zero is fully written and never changes again.
struct Slot: ~Copyable {
  /// Owned by the slot, which keeps a heap-allocated key alive, so equal identities mean equal
  /// keys for as long as the slot exists.
  var key: String = ""
  var identity = KeyIdentity.none
  var type: Any.Type?
  /// The instance, an owned (+1) reference in the newest table, or 0 while the slot is empty.
  let object = Atomic<UInt>(0)
}

/// What a ``SlotTable`` records beside its slots.
struct SlotTableHeader {
  /// `64 - log2(capacity)`: how far a mixed identity shifts right to become an index.
  let shift: Int
  /// `capacity - 1`.
  let mask: Int
  /// Published entries; written only under the store's lock.
  var count: Int
  /// The table this one replaced, kept until the store is destroyed.
  let previous: SlotTable?
}

/// An open-addressed table of ``Slot``s in one allocation: a ``SlotTableHeader``, then the slots.
///
/// Readers probe it without a lock; a writer (holding its store's lock) fills empty slots in place
/// and, when the table is three quarters full, copies it into one twice as large. Superseded tables
/// stay allocated, linked from their successor, until the store is destroyed: a reader may still
/// be probing one, and the sum of their sizes is less than the newest table's.
///
/// SAFETY: the memory is bound to one ``SlotTableHeader`` followed by `capacity` slots (the
/// header's stride is a multiple of a slot's alignment, checked when allocating), every slot is
/// initialized before the table is published, and the table is freed only by its store's deinit,
/// when no reader can remain. Slot indices are masked with `mask`, so no access leaves the table.
struct SlotTable {
  let header: UnsafeMutablePointer<SlotTableHeader>

  init(header: UnsafeMutablePointer<SlotTableHeader>) {
    self.header = header
  }

  /// The table at `address`, as published by its store, or `nil` for 0.
  init?(address: UInt) {
    guard let header = UnsafeMutablePointer<SlotTableHeader>(bitPattern: address) else {
      return nil
    }
    self.header = header
  }

  var address: UInt { UInt(bitPattern: header) }

  var capacity: Int { header.pointee.mask + 1 }

  /// The slots, right after the header.
  private var slots: UnsafeMutablePointer<Slot> {
    UnsafeMutableRawPointer(header + 1).assumingMemoryBound(to: Slot.self)
  }

  private func slot(_ index: Int) -> UnsafeMutablePointer<Slot> {
    slots + (index & header.pointee.mask)
  }

  /// The bits of the published instance with this identity and `type`, unretained, or 0.
  ///
  /// A type mismatch is a misuse, and answers 0: the locked path reports it.
  func publishedBits(_ identity: KeyIdentity, type: ObjectIdentifier) -> UInt {
    var index = identity.mixed &>> UInt64(truncatingIfNeeded: header.pointee.shift)
    while true {
      let slot = slot(Int(truncatingIfNeeded: index))
      let bits = slot.pointee.object.load(ordering: .acquiring)
      if bits == 0 { return 0 }
      if slot.pointee.identity == identity {
        return slot.pointee.type.map(ObjectIdentifier.init) == type ? bits : 0
      }
      index &+= 1
    }
  }

  /// Allocates an empty table with room for `capacity` slots (a power of two, at least 2).
  static func allocate(capacity: Int, previous: SlotTable?) -> SlotTable {
    precondition(
      MemoryLayout<SlotTableHeader>.stride.isMultiple(of: MemoryLayout<Slot>.alignment),
      "Napkin: a slot table's slots must start right after its header")
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: MemoryLayout<SlotTableHeader>.stride + capacity * MemoryLayout<Slot>.stride,
      alignment: max(MemoryLayout<SlotTableHeader>.alignment, MemoryLayout<Slot>.alignment))
    let header = memory.bindMemory(to: SlotTableHeader.self, capacity: 1)
    header.initialize(
      to: SlotTableHeader(
        shift: 64 - capacity.trailingZeroBitCount, mask: capacity - 1, count: 0,
        previous: previous))
    let slots = (memory + MemoryLayout<SlotTableHeader>.stride)
      .bindMemory(to: Slot.self, capacity: capacity)
    for index in 0..<capacity {
      (slots + index).initialize(to: Slot())
    }
    return SlotTable(header: header)
  }

  /// Whether one more entry still leaves a quarter of the slots empty, which keeps probes short
  /// and guarantees every probe ends at an empty slot.
  var hasRoomForOneMore: Bool {
    let count = header.pointee.count
    return count + 1 < capacity && (count + 1) * 4 <= capacity * 3
  }

  /// Fills an empty slot and publishes it. The caller holds the store's lock and passes an owned
  /// (+1) reference in `objectBits`.
  func insert(key: String, type: Any.Type, objectBits: UInt) {
    let identity = KeyIdentity(key) ?? .none
    var index = Int(truncatingIfNeeded: identity.mixed &>> UInt64(header.pointee.shift))
    while slot(index).pointee.object.load(ordering: .relaxed) != 0 {
      index &+= 1
    }
    let target = slot(index)
    target.pointee.key = key
    target.pointee.identity = identity
    target.pointee.type = type
    target.pointee.object.store(objectBits, ordering: .releasing)
    header.pointee.count += 1
  }

  /// Calls `body` with every published slot and its object's bits.
  func forEachPublished(_ body: (borrowing Slot, UInt) -> Void) {
    for index in 0..<capacity {
      let bits = slot(index).pointee.object.load(ordering: .acquiring)
      if bits != 0 {
        body(slot(index).pointee, bits)
      }
    }
  }

  /// Destroys this table and the ones it replaced; releases the instances, which only the newest
  /// table owns.
  func deallocateAll() {
    var table: SlotTable? = self
    var isNewest = true
    while let current = table {
      table = current.header.pointee.previous
      for index in 0..<current.capacity {
        let bits = current.slot(index).pointee.object.load(ordering: .relaxed)
        if isNewest, let object = UnsafeRawPointer(bitPattern: bits) {
          Unmanaged<AnyObject>.fromOpaque(object).release()
        }
      }
      current.slots.deinitialize(count: current.capacity)
      current.header.deinitialize(count: 1)
      UnsafeMutableRawPointer(current.header).deallocate()
      isNewest = false
    }
  }
}
