import Synchronization

/// Where a component keeps the key of its first shared instance: the store's inline slot holds
/// only the key's two words, and a key that lives on the heap must be kept alive by someone for
/// equal words to keep meaning equal keys.
@usableFromInline
package protocol FirstKeyHolder: AnyObject {
  /// The key of the instance in the inline slot; written once, under the store's lock.
  var firstSharedKey: String { get set }
}

/// The shared instances of one component: the storage behind `Component.shared`.
///
/// Reads of a built instance are lock free. The first instance a component publishes sits in an
/// inline slot (an acquire load and two compares); the others in a ``SlotTable`` (one more load and
/// a probe by the key's bits). Everything else (first builds, waiting for another thread's build,
/// growing the table) happens under `lock`, never while a factory runs. A component with one
/// shared instance, the most common case, never allocates a table.
@usableFromInline
package struct SharedInstanceStore: ~Copyable {
  /// The first published instance, an owned (+1) reference, or 0: written last with release
  /// ordering, so the other inline fields are complete when it is non-zero.
  @usableFromInline let inlineObject: Atomic<UInt>
  /// The first instance's key words (see ``keyWords(_:)``) and type; fixed once published.
  @usableFromInline let inlineWord0: Atomic<UInt64>
  @usableFromInline let inlineWord1: Atomic<UInt64>
  @usableFromInline let inlineType: Atomic<UInt>
  /// The address of the newest ``SlotTable``, or 0 before the first instance is published.
  @usableFromInline let published: Atomic<UInt>
  /// Serializes writers: publication, growth and the list of keys under construction.
  @usableFromInline let lock: LockWord
  /// The address of the first frame of the keys whose factory is running, linked through
  /// ``BuildFrame/nextBuilding`` (rarely more than one or two), or 0. Each frame is on its
  /// builder's stack and unlinks itself before its call returns. Read and written only under
  /// `lock`; atomic only because a `~Copyable` struct offers no other interior mutability.
  @usableFromInline let buildingHead: Atomic<UInt>

  /// Creates an empty store; it allocates nothing until the first instance is published.
  @usableFromInline
  package init() {
    inlineObject = Atomic(0)
    inlineWord0 = Atomic(0)
    inlineWord1 = Atomic(0)
    inlineType = Atomic(0)
    published = Atomic(0)
    lock = LockWord()
    buildingHead = Atomic(0)
  }

  deinit {
    let inline = inlineObject.load(ordering: .acquiring)
    if inline != 0 {
      Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: inline)!).release()
    }
    var address = published.load(ordering: .acquiring)
    var isNewest = true
    while address != 0 {
      let table = SlotTable(address: address)
      address = table.previous
      table.deallocate(releasingInstances: isNewest)
      isNewest = false
    }
  }

  /// The instance for `key`, built by `factory` on first use; see `Component.shared`.
  ///
  /// - Parameter owner: the component: named in failure messages, and the keeper of the inline
  ///   slot's key.
  @inlinable @inline(__always)
  package func instance<T>(
    forKey key: String, owner: some FirstKeyHolder, _ factory: () -> T
  ) -> T {
    if let words = keyWords(key) {
      let bits = publishedBits(
        word0: words.0, word1: words.1, type: ObjectIdentifier(T.self))
      if bits != 0 {
        return OnceValue.instance(published: bits, as: T.self)
      }
    }
    return firstInstance(forKey: key, owner: owner, factory)
  }

  /// The build path: a first build, or a wait for another thread's build of the key.
  ///
  /// Inlined into the property, unlike the read path: factories nest one per level of a graph
  /// resolved from its leaf, and each level then costs one machine frame (the property's, which
  /// also holds the build's ``BuildFrame``) instead of two. That halves the stack a deep graph
  /// touches, which is most of what a fresh process pays for its first graph. The work before
  /// and after the factory happens in calls of its own (``begin(key:owner:valueType:frame:)``,
  /// ``finish(owner:frame:value:)``, which reads the key from the frame so that fewer values
  /// stay live across the factory).
  @inlinable @inline(__always)
  package func firstInstance<T>(
    forKey key: String, owner: some FirstKeyHolder, _ factory: () -> T
  ) -> T {
    BuildFrame.withFrame { frame in
      let object: AnyObject
      switch begin(key: key, owner: owner, valueType: T.self, frame: frame) {
      case .found(let found):
        object = found
      case .build:
        let value = OnceValue(wrapping: factory())
        finish(owner: owner, frame: frame, value: value)
        object = value.object
      }
      return OnceValue.unwrap(object, as: T.self)
    }
  }

  /// The lock-free path: the bits of the published instance whose key has these words and whose
  /// type is `type`, unretained, or 0.
  ///
  /// Out of line and marked as releasing nothing, on purpose. A factory that reads its component
  /// (`shared { Analytics(dependency.session) }`) captures `self`, and Swift retains a captured
  /// `self` before the call; the optimizer moves that retain into the build path only when it
  /// can see that nothing on the read path releases an object, and it treats an atomic load
  /// written inline as one that might. Inline, a built read of such a property cost two atomic
  /// reference-count operations more than hand wiring (1.9x); behind this call it costs a call.
  @usableFromInline @inline(never) @_effects(releasenone)
  func publishedBits(word0: UInt64, word1: UInt64, type: ObjectIdentifier) -> UInt {
    let inline = inlineObject.load(ordering: .acquiring)
    if inline != 0, inlineWord0.load(ordering: .relaxed) == word0,
      inlineWord1.load(ordering: .relaxed) == word1
    {
      // A type mismatch is a misuse; the locked path reports it.
      return inlineType.load(ordering: .relaxed) == UInt(bitPattern: type) ? inline : 0
    }
    let address = published.load(ordering: .acquiring)
    if address == 0 { return 0 }
    let table = SlotTable(address: address)
    var index = table.startIndex(word0, word1)
    while true {
      let slot = table.slot(index)
      let bits = slot.pointee.object.load(ordering: .acquiring)
      if bits == 0 { return 0 }
      if slot.keyWords == (word0, word1) {
        // A type mismatch is a misuse; the locked path reports it.
        return slot.pointee.type.map(ObjectIdentifier.init) == type ? bits : 0
      }
      index = (index &+ 1) & table.mask
    }
  }

  /// The locked path: a first build, a wait for another thread's build, a key whose bits differ
  /// from the published ones (a computed key string), or a misuse to report.
  ///
  /// - Parameter frame: room for the build's frame, initialized if the answer is `.build`.
  @usableFromInline
  func begin(
    key: String, owner: any FirstKeyHolder, valueType: Any.Type, frame: FramePointer
  ) -> Once.Claim {
    // A key computed at run time may equal a published one without sharing its bits; finding it
    // by its characters needs no lock either, since a published slot never changes.
    if let published = publishedValue(matching: key, owner: owner), published.type == valueType {
      return .found(published.object)
    }
    return claim(key: key, owner: owner, valueType: valueType, frame: frame)
  }

  @inline(never)
  private func claim(
    key: String, owner: any FirstKeyHolder, valueType: Any.Type, frame: FramePointer
  ) -> Once.Claim {
    let request = Once.Request(
      label: key, ownerType: type(of: owner), storeIdentity: ObjectIdentifier(owner),
      valueType: valueType)
    return Once.claim(request) {
      lock.withLock {
        Once.decide(
          request, built: publishedValue(matching: key, owner: owner),
          building: frameBuilding(key), frame: frame,
          insert: { insertBuilding($0) })
      }
    }
  }

  /// Publishes a built value under the key its frame builds, and ends the build.
  @usableFromInline
  func finish(owner: any FirstKeyHolder, frame: FramePointer, value: OnceValue) {
    lock.withLock {
      publish(key: frame.pointee.label, value: value, owner: owner)
      removeBuilding(frame)
    }
    Once.finish(frame)
  }

  /// The published value whose key equals `key` character for character.
  ///
  /// Lock free: a slot's key and type are written before its object is published with release
  /// ordering, and are read here only after an acquire load has seen that object.
  private func publishedValue(matching key: String, owner: any FirstKeyHolder) -> OnceValue? {
    let inline = inlineObject.load(ordering: .acquiring)
    if inline != 0, owner.firstSharedKey == key {
      return OnceValue(
        object: Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: inline)!)
          .takeUnretainedValue(),
        type: unsafeBitCast(inlineType.load(ordering: .relaxed), to: Any.Type.self))
    }
    let address = published.load(ordering: .acquiring)
    guard address != 0 else { return nil }
    var found: OnceValue?
    SlotTable(address: address).forEachPublished { slot, bits in
      if found == nil, slot.key == key, let type = slot.type {
        let object = Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
        found = OnceValue(object: object.takeUnretainedValue(), type: type)
      }
    }
    return found
  }

  /// Adds a built value; the caller holds `lock`, which serializes all writers.
  private func publish(key: String, value: OnceValue, owner: any FirstKeyHolder) {
    let objectBits = UInt(bitPattern: Unmanaged.passRetained(value.object).toOpaque())
    if inlineObject.load(ordering: .relaxed) == 0, let words = keyWords(key) {
      owner.firstSharedKey = key
      inlineWord0.store(words.0, ordering: .relaxed)
      inlineWord1.store(words.1, ordering: .relaxed)
      inlineType.store(UInt(bitPattern: ObjectIdentifier(value.type)), ordering: .relaxed)
      inlineObject.store(objectBits, ordering: .releasing)
      return
    }
    let address = published.load(ordering: .relaxed)
    if address != 0, SlotTable(address: address).hasRoomForOneMore {
      SlotTable(address: address).insert(key: key, type: value.type, objectBits: objectBits)
      return
    }
    let old = address == 0 ? nil : SlotTable(address: address)
    // Two slots hold the first instance; most components share only a few.
    let grown = SlotTable.allocate(capacity: old.map { $0.capacity * 2 } ?? 2, previous: address)
    old?.forEachPublished { slot, bits in
      grown.insert(key: slot.key, type: slot.type!, objectBits: bits)
    }
    grown.insert(key: key, type: value.type, objectBits: objectBits)
    published.store(grown.address, ordering: .releasing)
  }
}

extension SharedInstanceStore {
  private var firstBuilding: FramePointer? {
    FramePointer(bitPattern: buildingHead.load(ordering: .relaxed))
  }

  private func setFirstBuilding(_ frame: FramePointer?) {
    buildingHead.store(UInt(bitPattern: frame), ordering: .relaxed)
  }

  /// The frame building `key`; call under `lock`.
  fileprivate func frameBuilding(_ key: String) -> FramePointer? {
    var candidate = firstBuilding
    while let frame = candidate {
      if frame.pointee.label == key { return frame }
      candidate = frame.pointee.nextBuilding
    }
    return nil
  }

  /// Links a new frame; call under `lock`.
  fileprivate func insertBuilding(_ frame: FramePointer) {
    frame.pointee.nextBuilding = firstBuilding
    setFirstBuilding(frame)
  }

  /// Unlinks `frame`; call under `lock`.
  fileprivate func removeBuilding(_ frame: FramePointer) {
    if firstBuilding == frame {
      setFirstBuilding(frame.pointee.nextBuilding)
    } else {
      var previous = firstBuilding
      while let current = previous, current.pointee.nextBuilding != frame {
        previous = current.pointee.nextBuilding
      }
      previous?.pointee.nextBuilding = frame.pointee.nextBuilding
    }
  }
}
