import Synchronization

/// The shared instances of one component: the storage behind `Component.shared`.
///
/// Three words inline in the component, nothing allocated until the first instance is published.
/// Reads of a built instance are lock free: an acquire load of the table's address and a probe by
/// the key's identity (``KeyIdentity``). Everything else (first builds, waiting for another
/// thread's build, growing the table) happens in one out-of-line call,
/// ``build(key:owner:valueType:_:)``, under `lock`, never while a factory runs.
@usableFromInline
package struct SharedInstanceStore: ~Copyable {
  /// The address of the newest ``SlotTable``, or 0 before the first instance is published;
  /// stored with release ordering once the table is complete.
  @usableFromInline let published: Atomic<UInt>
  /// Serializes writers: publication, growth and the list of keys under construction.
  let lock: LockWord
  /// The address of the first frame of the keys whose factory is running, linked through
  /// ``BuildFrame/nextBuilding`` (rarely more than one or two), or 0. Each frame is on its
  /// builder's stack and unlinks itself before its call returns. Read and written only under
  /// `lock` (which orders the accesses; relaxed ordering suffices); an atomic because a
  /// `~Copyable` struct inline in a class has no other interior mutability.
  let buildingHead: Atomic<UInt>

  /// Creates an empty store; it allocates nothing until the first instance is published.
  @usableFromInline
  package init() {
    published = Atomic(0)
    lock = LockWord()
    buildingHead = Atomic(0)
  }

  deinit {
    SlotTable(address: published.load(ordering: .acquiring))?.deallocateAll()
  }

  /// The instance for `key`, built by `factory` on first use; see `Component.shared`.
  ///
  /// Inlined into the property, and small: the lookup of a built instance, then a call into the
  /// build path, which is one non-generic function shared by every property (the factory reaches
  /// it as a closure that returns a ``OnceValue``).
  ///
  /// - Parameter owner: the component, named in failure messages.
  @inlinable @inline(__always)
  package func instance<T: Sendable>(
    forKey key: String, owner: AnyObject, _ factory: () -> T
  ) -> T {
    if let identity = KeyIdentity(key) {
      let bits = publishedBits(identity, type: ObjectIdentifier(T.self))
      if let pointer = UnsafeRawPointer(bitPattern: bits) {
        let object = Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
        return OnceValue.unwrap(object, as: T.self)
      }
    }
    let object = build(key: key, owner: owner, valueType: T.self) {
      OnceValue(wrapping: factory())
    }
    return OnceValue.unwrap(object, as: T.self)
  }

  /// The lock-free path: the bits of the published instance with this key identity and `type`,
  /// unretained, or 0.
  @usableFromInline @inline(never)
  func publishedBits(_ identity: KeyIdentity, type: ObjectIdentifier) -> UInt {
    guard let table = SlotTable(address: published.load(ordering: .acquiring)) else { return 0 }
    return table.publishedBits(identity, type: type)
  }

  /// The build path: a first build, a wait for another thread's build of the key, a key whose
  /// identity differs from the published one's (a computed key string), or a misuse to report.
  @usableFromInline @inline(never)
  func build(
    key: String, owner: AnyObject, valueType: Any.Type, _ factory: () -> OnceValue
  ) -> AnyObject {
    let request = Once.Request(
      label: key, ownerType: type(of: owner), storeIdentity: ObjectIdentifier(owner),
      valueType: valueType)
    return Once.instance(
      request,
      lookUp: { frame in
        lock.withLock {
          Once.decide(
            request, built: publishedValue(matching: key), building: frameBuilding(key),
            frame: frame, insert: { insertBuilding($0) })
        }
      },
      factory: factory,
      publish: { frame, value in
        lock.withLock {
          publish(key: key, value: value)
          removeBuilding(frame)
        }
      })
  }

  /// The published value whose key equals `key` character for character.
  private func publishedValue(matching key: String) -> OnceValue? {
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
  private func publish(key: String, value: OnceValue) {
    let objectBits = UInt(bitPattern: Unmanaged.passRetained(value.object).toOpaque())
    let current = SlotTable(address: published.load(ordering: .relaxed))
    if let current, current.hasRoomForOneMore {
      current.insert(key: key, type: value.type, objectBits: objectBits)
      return
    }
    // Most components share one or two instances.
    let grown = SlotTable.allocate(capacity: current.map { $0.capacity * 2 } ?? 2, previous: current)
    current?.forEachPublished { slot, bits in
      grown.insert(key: slot.key, type: slot.type!, objectBits: bits)
    }
    grown.insert(key: key, type: value.type, objectBits: objectBits)
    published.store(grown.address, ordering: .releasing)
  }

  /// The object a published slot's bits refer to, unretained (the table keeps it alive).
  private func object(_ bits: UInt) -> any AnyObject & Sendable {
    // SAFETY: non-zero slot bits are an owned reference to a `OnceValue`'s `Sendable` object,
    // released only by the store's deinit.
    let object = Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
      .takeUnretainedValue()
    return unsafeBitCast(object, to: (any AnyObject & Sendable).self)
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
