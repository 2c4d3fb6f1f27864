import Synchronization

/// One published instance: the key (whose ``KeyIdentity`` the lock-free lookup compares), the
/// value's type and the value.
///
/// `object` is written last with release ordering and read first with acquire ordering, so every
/// other field of a slot whose `object` is non-zero is fully written and never changes again.
struct Slot: ~Copyable {
  /// Owned by the slot, which keeps a heap-allocated key alive, so equal identities mean equal
  /// keys for as long as the slot exists.
  var key: String = ""
  var type: Any.Type?
  /// The instance, an owned (+1) reference in the newest table, or 0 while the slot is empty.
  let object = Atomic<UInt>(0)
}

/// What a ``SlotTable`` records beside its slots; immutable once the table is allocated, so
/// readers and the writer never access it in conflict (the published entries are counted by
/// their slots: they fill the table from the first slot, without gaps).
struct SlotTableHeader {
  /// How many slots follow the header.
  let capacity: Int
  /// The table this one replaced, kept until the store is destroyed.
  let previous: SlotTable?
}

/// The published instances of one store, in the order they were published: a
/// ``SlotTableHeader``, then the slots, in one allocation.
///
/// Readers scan it from the first slot without a lock and stop at the first empty one: a
/// component's first shared instance, the most common read, is one slot away. A writer (holding
/// its store's lock) fills the next empty slot in place and, when none is left, copies the table
/// into one twice as large. Superseded tables stay allocated, linked from their successor, until
/// the store is destroyed: a reader may still be scanning one, and the sum of their sizes is less
/// than the newest table's.
///
/// A scan rather than a hash: components share a handful of instances, and for a handful a scan
/// from the first slot costs fewer instructions, and less latency before the first load, than
/// mixing the key into an index.
///
/// SAFETY: the memory is bound to one ``SlotTableHeader`` followed by `capacity` slots (the
/// header's stride is a multiple of a slot's alignment, checked when allocating), every slot is
/// initialized before the table is published, and the table is freed only by its store's deinit,
/// when no reader can remain. Every index is below `capacity`.
struct SlotTable {
  let header: UnsafeMutablePointer<SlotTableHeader>

  init(header: UnsafeMutablePointer<SlotTableHeader>) {
    self.header = header
  }

  /// The table at `address`, as published by its store, or `nil` for 0.
  ///
  /// SAFETY: a non-zero address is one that ``allocate(capacity:previous:)`` returned and the
  /// store published; tables are freed only by the store's deinit, when no reader remains.
  init?(address: UInt) {
    guard let header = UnsafeMutablePointer<SlotTableHeader>(bitPattern: address) else {
      return nil
    }
    self.header = header
  }

  var address: UInt { UInt(bitPattern: header) }

  var capacity: Int { header.pointee.capacity }

  /// The slots, right after the header.
  ///
  /// SAFETY: ``allocate(capacity:previous:)`` bound the memory after the header to `capacity`
  /// slots and checked that the header's stride keeps them aligned.
  private var slots: UnsafeMutablePointer<Slot> {
    UnsafeMutableRawPointer(header + 1).assumingMemoryBound(to: Slot.self)
  }

  /// The bits of the published instance with this identity and `type`, unretained, or 0.
  ///
  /// A type mismatch is a misuse, and answers 0: the locked path reports it.
  @inline(__always)
  func publishedBits(_ identity: KeyIdentity, type: ObjectIdentifier) -> UInt {
    // A table has at least one slot; the first holds the component's first instance.
    var slot = slots
    let end = slots + capacity
    repeat {
      let bits = slot.pointee.object.load(ordering: .acquiring)
      if bits == 0 { return 0 }
      if KeyIdentity(slot.pointee.key) == identity {
        return slot.pointee.type.map(ObjectIdentifier.init) == type ? bits : 0
      }
      slot += 1
    } while slot != end
    return 0
  }

  /// Allocates an empty table with room for `capacity` slots.
  static func allocate(capacity: Int, previous: SlotTable?) -> SlotTable {
    precondition(
      MemoryLayout<SlotTableHeader>.stride.isMultiple(of: MemoryLayout<Slot>.alignment),
      "Napkin: a slot table's slots must start right after its header")
    // SAFETY: one allocation holds the header and `capacity` slots, each initialized below
    // before the table is published; `deallocateAll()` deinitializes and frees it.
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: MemoryLayout<SlotTableHeader>.stride + capacity * MemoryLayout<Slot>.stride,
      alignment: max(MemoryLayout<SlotTableHeader>.alignment, MemoryLayout<Slot>.alignment))
    let header = memory.bindMemory(to: SlotTableHeader.self, capacity: 1)
    header.initialize(to: SlotTableHeader(capacity: capacity, previous: previous))
    let slots = (memory + MemoryLayout<SlotTableHeader>.stride)
      .bindMemory(to: Slot.self, capacity: capacity)
    for index in 0..<capacity {
      (slots + index).initialize(to: Slot())
    }
    return SlotTable(header: header)
  }

  /// Whether a slot is still empty; call under the store's lock.
  var hasRoomForOneMore: Bool {
    (slots + capacity - 1).pointee.object.load(ordering: .relaxed) == 0
  }

  /// Fills the first empty slot and publishes it. The caller holds the store's lock, has checked
  /// ``hasRoomForOneMore``, and passes an owned (+1) reference in `objectBits`.
  func insert(key: String, type: Any.Type, objectBits: UInt) {
    var target = slots
    while target.pointee.object.load(ordering: .relaxed) != 0 {
      target += 1
    }
    target.pointee.key = key
    target.pointee.type = type
    target.pointee.object.store(objectBits, ordering: .releasing)
  }

  /// Calls `body` with every published slot and its object's bits.
  func forEachPublished(_ body: (borrowing Slot, UInt) -> Void) {
    for index in 0..<capacity {
      let bits = (slots + index).pointee.object.load(ordering: .acquiring)
      if bits == 0 { return }
      body((slots + index).pointee, bits)
    }
  }

  /// Destroys this table and the ones it replaced; releases the instances, which only the newest
  /// table owns.
  func deallocateAll() {
    var table: SlotTable? = self
    var isNewest = true
    while let current = table {
      table = current.header.pointee.previous
      if isNewest {
        current.forEachPublished { _, bits in
          // SAFETY: the newest table's published bits are the +1 references `publish` took.
          Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release()
        }
      }
      current.slots.deinitialize(count: current.capacity)
      current.header.deinitialize(count: 1)
      UnsafeMutableRawPointer(current.header).deallocate()
      isNewest = false
    }
  }
}
