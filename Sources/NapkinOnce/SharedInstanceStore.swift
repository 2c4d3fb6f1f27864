import Synchronization

/// The shared instances of one component: the storage behind `Component.shared`.
///
/// Reads of a built instance are lock free. The first instance a component publishes sits in an
/// inline slot (an acquire load and three compares); the others in a ``SlotTable`` (one more
/// load and a scan by the key's identity). Everything else (first builds, waiting for another
/// thread's build, growing the table) happens in one out-of-line call,
/// ``build(key:owner:valueType:_:)``, under `lock`, never while a factory runs. A component with
/// one shared instance, the most common case, never allocates.
@usableFromInline
package struct SharedInstanceStore: ~Copyable {
  /// The first published instance, an owned (+1) reference, or 0: stored last with release
  /// ordering, so the other inline fields are complete when it is non-zero.
  @usableFromInline let inlineObject: Atomic<UInt>
  /// The first instance's key identity and type; fixed once `inlineObject` is published. The
  /// identity owns its key (``KeyIdentity/init(retaining:)``), which keeps a key that lives on
  /// the heap alive, so equal identities keep meaning equal keys.
  @usableFromInline let inlineWord0: Atomic<UInt64>
  @usableFromInline let inlineWord1: Atomic<UInt64>
  @usableFromInline let inlineType: Atomic<UInt>
  /// The address of the newest ``SlotTable``, or 0 before the second instance is published;
  /// stored with release ordering once the table is complete.
  @usableFromInline let published: Atomic<UInt>
  /// Serializes writers: publication, growth and the list of keys under construction.
  let lock: LockWord
  /// The address of the first frame of the keys whose factory is running, linked through
  /// ``BuildFrame/nextBuilding`` (rarely more than one or two), or 0. Each frame is on its
  /// builder's stack and unlinks itself before its call returns. Read and written only under
  /// `lock`, which orders the accesses (so relaxed ordering suffices); an atomic because a
  /// `~Copyable` struct inline in a class has no other interior mutability.
  let buildingHead: Atomic<UInt>

  /// Creates an empty store; it allocates nothing until the second instance is published.
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
    if let inline = UnsafeRawPointer(bitPattern: inlineObject.load(ordering: .acquiring)) {
      // SAFETY: a published inline object is the +1 reference `publish` took; nothing reads the
      // store once its component is being destroyed.
      Unmanaged<AnyObject>.fromOpaque(inline).release()
      inlineIdentity.releaseKey()
    }
    SlotTable(address: published.load(ordering: .acquiring))?.deallocateAll()
  }

  /// The instance for `key`, built by `factory` on first use; see `Component.shared`.
  ///
  /// Inlined into the property: the look-up of a built instance, then ``Once``'s build sequence,
  /// whose steps before and after the factory are out-of-line calls shared by every property
  /// (``claim(key:owner:valueType:frame:)``, ``finish(key:owner:frame:value:)``). A graph
  /// resolved from its leaf nests one factory per level, and with the factory called right here
  /// each level costs one machine frame, which also holds the build's ``BuildFrame``; that is
  /// what keeps a fresh process's first graph within its bound (the `first-graph` scenario).
  ///
  /// - Parameter owner: the component, named in failure messages.
  @inlinable @inline(__always)
  package func instance<T: Sendable>(
    forKey key: String, owner: AnyObject, _ factory: () -> T
  ) -> T {
    if let identity = KeyIdentity(key) {
      let bits = publishedBits(identity, type: ObjectIdentifier(T.self))
      if let pointer = UnsafeRawPointer(bitPattern: bits) {
        // SAFETY: non-zero bits are a published object, which the store keeps alive (it is
        // released only by the store's deinit) while `self`, the component, is in use here.
        let object = Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
        return OnceValue.unwrap(object, as: T.self)
      }
    }
    return withUnsafeTemporaryAllocation(of: BuildFrame.self, capacity: 1) { room in
      let frame = room.baseAddress!
      if let found = claim(key: key, owner: owner, valueType: T.self, frame: frame) {
        return OnceValue.unwrap(found, as: T.self)
      }
      let value = OnceValue(wrapping: factory())
      finish(key: key, owner: owner, frame: frame, value: value)
      return OnceValue.unwrap(value.object, as: T.self)
    }
  }

  /// The lock-free path: the bits of the published instance with this key identity and `type`,
  /// unretained, or 0. A type mismatch is a misuse, and answers 0: the locked path reports it.
  ///
  /// The inline slot is checked right in the property; the table in a call.
  @inlinable @inline(__always)
  func publishedBits(_ identity: KeyIdentity, type: ObjectIdentifier) -> UInt {
    let inline = inlineObject.load(ordering: .acquiring)
    if inline != 0, inlineWord0.load(ordering: .relaxed) == identity.word0,
      inlineWord1.load(ordering: .relaxed) == identity.word1
    {
      return inlineType.load(ordering: .relaxed) == UInt(bitPattern: type) ? inline : 0
    }
    return tableBits(identity, type: type)
  }

  /// The bits of the published instance with this key identity and `type` in the table, or 0.
  @usableFromInline @inline(never)
  func tableBits(_ identity: KeyIdentity, type: ObjectIdentifier) -> UInt {
    guard let table = SlotTable(address: published.load(ordering: .acquiring)) else { return 0 }
    return table.publishedBits(identity, type: type)
  }

  /// The build path before the factory: a first build, a wait for another thread's build of the
  /// key, a key whose identity differs from the published one's (a computed key string), or a
  /// misuse to report; see ``Once/claim(in:key:frame:owner:valueType:)``.
  @usableFromInline @inline(never)
  func claim(
    key: String, owner: AnyObject, valueType: Any.Type, frame: FramePointer
  ) -> AnyObject? {
    Once.claim(in: self, key: key, frame: frame, owner: owner, valueType: valueType)
  }

  /// The build path after the factory; see ``Once/finish(in:key:owner:frame:value:)``.
  @usableFromInline @inline(never)
  func finish(key: String, owner: AnyObject, frame: FramePointer, value: OnceValue) {
    Once.finish(in: self, key: key, owner: owner, frame: frame, value: value)
  }

  /// The published value whose key equals `key` character for character; call under `lock`.
  private func publishedValue(matching key: String, owner: AnyObject) -> OnceValue? {
    let inline = inlineObject.load(ordering: .acquiring)
    if inline != 0, inlineIdentity.ownedKeyEquals(key) {
      // SAFETY: a published `inlineType` is the metadata address of an `Any.Type`.
      let type = unsafeBitCast(inlineType.load(ordering: .relaxed), to: Any.Type.self)
      return OnceValue(object: object(inline), type: type)
    }
    guard let table = SlotTable(address: published.load(ordering: .acquiring)) else { return nil }
    var found: OnceValue?
    table.forEachPublished { slot, bits in
      if found == nil, slot.key == key, let type = slot.type {
        found = OnceValue(object: object(bits), type: type)
      }
    }
    return found
  }

  /// Adds a built value; the caller holds `lock`, which serializes all writers.
  private func publish(key: String, value: OnceValue, owner: AnyObject) {
    // SAFETY: the +1 reference is the store's: the inline slot or a table slot owns it, and only
    // the store's deinit (or `deallocateAll`) releases it, once.
    let objectBits = UInt(bitPattern: Unmanaged.passRetained(value.object).toOpaque())
    if inlineObject.load(ordering: .relaxed) == 0, let identity = KeyIdentity(retaining: key) {
      inlineWord0.store(identity.word0, ordering: .relaxed)
      inlineWord1.store(identity.word1, ordering: .relaxed)
      inlineType.store(UInt(bitPattern: ObjectIdentifier(value.type)), ordering: .relaxed)
      inlineObject.store(objectBits, ordering: .releasing)
      return
    }
    let current = SlotTable(address: published.load(ordering: .relaxed))
    if let current, current.hasRoomForOneMore {
      current.insert(key: key, type: value.type, objectBits: objectBits)
      return
    }
    let grown = SlotTable.allocate(
      capacity: current.map { $0.capacity * 2 } ?? 2, previous: current)
    current?.forEachPublished { slot, bits in
      grown.insert(key: slot.key, type: slot.type!, objectBits: bits)
    }
    grown.insert(key: key, type: value.type, objectBits: objectBits)
    published.store(grown.address, ordering: .releasing)
  }

  /// The inline slot's key identity; read only once `inlineObject` is published.
  private var inlineIdentity: KeyIdentity {
    KeyIdentity(
      word0: inlineWord0.load(ordering: .relaxed), word1: inlineWord1.load(ordering: .relaxed))
  }

  /// The object a published slot's bits refer to, unretained (the store keeps it alive).
  private func object(_ bits: UInt) -> any AnyObject & Sendable {
    // SAFETY: published bits are an owned reference to a `OnceValue`'s `Sendable` object,
    // released only by the store's deinit.
    let object = Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
      .takeUnretainedValue()
    return unsafeBitCast(object, to: (any AnyObject & Sendable).self)
  }
}

extension SharedInstanceStore: OnceStore {
  package typealias Owner = AnyObject

  package func label(of key: String) -> String { key }

  package func ownerType(of owner: AnyObject) -> Any.Type { type(of: owner) }

  package func identity(of owner: AnyObject) -> ObjectIdentifier {
    ObjectIdentifier(owner)
  }

  package func claim(_ key: String, owner: AnyObject, frame: FramePointer) -> Once.Step {
    lock.withLock {
      Once.decide(
        frame, built: publishedValue(matching: key, owner: owner), building: frameBuilding(key),
        link: { insertBuilding($0) })
    }
  }

  package func publish(
    _ value: OnceValue, for key: String, owner: AnyObject, builtIn frame: FramePointer
  ) {
    lock.withLock {
      publish(key: key, value: value, owner: owner)
      removeBuilding(frame)
    }
  }

  private var firstBuilding: FramePointer? {
    FramePointer(bitPattern: buildingHead.load(ordering: .relaxed))
  }

  private func setFirstBuilding(_ frame: FramePointer?) {
    buildingHead.store(UInt(bitPattern: frame), ordering: .relaxed)
  }

  /// The frame building `key`; call under `lock`.
  private func frameBuilding(_ key: String) -> FramePointer? {
    var candidate = firstBuilding
    while let frame = candidate {
      if frame.pointee.label == key { return frame }
      candidate = frame.pointee.nextBuilding
    }
    return nil
  }

  /// Links a new frame; call under `lock`.
  private func insertBuilding(_ frame: FramePointer) {
    frame.pointee.nextBuilding = firstBuilding
    setFirstBuilding(frame)
  }

  /// Unlinks `frame`; call under `lock`.
  private func removeBuilding(_ frame: FramePointer) {
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
