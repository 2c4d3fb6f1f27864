import Synchronization

/// The shared instances of one component: the storage behind `Component.shared`.
///
/// Reads of a built instance are lock free: one acquire load of the table, a probe by the key's
/// bits, one acquire load of the slot. Everything else (first builds, waiting for another thread's
/// build, growing the table) happens under `lock`, never while a factory runs. The whole store is
/// three words inline in the component and allocates nothing until the first instance is
/// published.
@usableFromInline
package struct SharedInstanceStore: ~Copyable {
  /// The address of the newest ``SlotTable``, or 0 before the first instance is published.
  @usableFromInline let published: Atomic<UInt>
  /// Serializes writers: publication, growth and the list of keys under construction.
  @usableFromInline let lock: LockWord
  /// The frames of the keys whose factory is running, linked through
  /// ``BuildFrame/nextBuilding`` (rarely more than one or two): an owned (+1) reference, or 0.
  /// Read and written only under `lock`; atomic only because a `~Copyable` struct offers no
  /// other interior mutability.
  @usableFromInline let buildingHead: Atomic<UInt>

  /// Creates an empty store; it allocates nothing until the first instance is published.
  @usableFromInline
  package init() {
    published = Atomic(0)
    lock = LockWord()
    buildingHead = Atomic(0)
  }

  deinit {
    setFirstBuilding(nil)
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
  /// - Parameter owner: the component, named in failure messages.
  @inlinable @inline(__always)
  package func instance<T>(forKey key: String, owner: AnyObject, _ factory: () -> T) -> T {
    if let words = keyWords(key), let value = publishedInstance(words: words, as: T.self) {
      return value
    }
    return firstInstance(forKey: key, owner: owner, factory)
  }

  /// Everything but the hot path, kept out of line so that the inlined read stays a handful of
  /// instructions with no registers to save.
  @inlinable @inline(never)
  package func firstInstance<T>(forKey key: String, owner: AnyObject, _ factory: () -> T) -> T {
    let object = resolve(
      key: key, ownerType: type(of: owner), storeIdentity: ObjectIdentifier(owner),
      valueType: T.self
    ) { OnceValue(wrapping: factory()) }
    return OnceValue.unwrap(object, as: T.self)
  }

  /// The lock-free path: the published instance whose key has these bits and whose type is `T`.
  @inlinable @inline(__always)
  func publishedInstance<T>(words: (UInt64, UInt64), as _: T.Type) -> T? {
    let address = published.load(ordering: .acquiring)
    if address == 0 { return nil }
    let table = SlotTable(address: address)
    var index = table.startIndex(words.0, words.1)
    while true {
      let slot = table.slot(index)
      let bits = slot.pointee.object.load(ordering: .acquiring)
      if bits == 0 { return nil }
      if slot.keyWords == words {
        // A type mismatch is a misuse; the locked path reports it.
        guard slot.pointee.type == T.self else { return nil }
        let pointer = UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped
        if OnceValue.storesDirectly(T.self) {
          return unsafeBitCast(
            Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue(), to: T.self)
        }
        return Unmanaged<OnceBox<T>>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.value }
      }
      index = (index &+ 1) & table.mask
    }
  }

  /// The locked path: a first build, a wait for another thread's build, a key whose bits differ
  /// from the published ones (a computed key string), or a misuse to report.
  @usableFromInline
  func resolve(
    key: String, ownerType: Any.Type, storeIdentity: ObjectIdentifier, valueType: Any.Type,
    factory: () -> OnceValue
  ) -> AnyObject {
    let request = Once.Request(
      label: key, ownerType: ownerType, storeIdentity: storeIdentity, valueType: valueType)
    return Once.resolve(
      request,
      lookUp: {
        lock.withLock {
          Once.decide(
            request, built: publishedValue(matching: key), building: frameBuilding(key),
            insert: { insertBuilding($0) })
        }
      },
      publish: { frame, value in
        lock.withLock {
          publish(key: key, value: value)
          return removeBuilding(frame)
        }
      },
      factory: factory)
  }

  /// The published value whose key equals `key` character for character.
  private func publishedValue(matching key: String) -> OnceValue? {
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
  private func publish(key: String, value: OnceValue) {
    let objectBits = UInt(bitPattern: Unmanaged.passRetained(value.object).toOpaque())
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
  private var firstBuilding: BuildFrame? {
    let bits = buildingHead.load(ordering: .relaxed)
    guard bits != 0 else { return nil }
    return Unmanaged<BuildFrame>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
      .takeUnretainedValue()
  }

  private func setFirstBuilding(_ frame: BuildFrame?) {
    let old = buildingHead.load(ordering: .relaxed)
    let new = frame.map { UInt(bitPattern: Unmanaged.passRetained($0).toOpaque()) } ?? 0
    buildingHead.store(new, ordering: .relaxed)
    if old != 0 {
      Unmanaged<BuildFrame>.fromOpaque(UnsafeRawPointer(bitPattern: old)!).release()
    }
  }

  /// The frame building `key`; call under `lock`.
  fileprivate func frameBuilding(_ key: String) -> BuildFrame? {
    var frame = firstBuilding
    while let current = frame {
      if current.label == key { return current }
      frame = current.nextBuilding
    }
    return nil
  }

  /// Links a new frame; call under `lock`.
  fileprivate func insertBuilding(_ frame: BuildFrame) {
    frame.nextBuilding = firstBuilding
    setFirstBuilding(frame)
  }

  /// Unlinks `frame` and hands back its waiters; call under `lock`.
  fileprivate func removeBuilding(_ frame: BuildFrame) -> [ThreadState] {
    if firstBuilding === frame {
      setFirstBuilding(frame.nextBuilding)
    } else {
      var previous = firstBuilding
      while let current = previous, current.nextBuilding !== frame {
        previous = current.nextBuilding
      }
      previous?.nextBuilding = frame.nextBuilding
    }
    frame.nextBuilding = nil
    let waiters = frame.waiters
    frame.waiters = []
    return waiters
  }
}
