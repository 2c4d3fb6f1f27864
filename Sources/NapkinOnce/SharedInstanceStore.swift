import Synchronization

/// The shared instances of one component: the storage behind `Component.shared`.
///
/// Three words: the first ``PublishedInstance`` (each links to the next), the lock, and the
/// list of keys under construction. Reads of a built instance are lock free: an acquire load of
/// the first instance and a compare of its type and key, in the property; the instances after it
/// are searched in a call. Everything else (first builds, waiting for another thread's build)
/// happens in two out-of-line calls, under `lock`, never while a factory runs.
@usableFromInline
package struct SharedInstanceStore: ~Copyable, Sendable {
  /// The first published instance; set once, with release ordering, under `lock`.
  @usableFromInline let first: PublishedLink
  /// Serializes writers: publication and the list of keys under construction.
  let lock: LockWord
  /// The address of the first frame of the keys whose factory is running, linked through
  /// ``BuildFrame/nextBuilding`` (rarely more than one or two), or 0. Each frame is on its
  /// builder's stack and unlinks itself before its call returns. Read and written only under
  /// `lock`, which orders the accesses (so relaxed ordering suffices); an atomic because a
  /// `~Copyable` struct inline in a class has no other interior mutability.
  let buildingHead: Atomic<UInt>

  /// Creates an empty store; it allocates nothing until an instance is published.
  @usableFromInline @inline(never)
  package init() {
    first = PublishedLink()
    lock = LockWord()
    buildingHead = Atomic(0)
  }

  deinit {
    first.destroyList()
  }

  /// The instance for `key`, built by `factory` on first use; see `Component.shared`.
  ///
  /// Inlined into the property: only the lock-free check of the first published instance.
  /// Everything else is one out-of-line call, ``build(key:owner:valueType:factory:)``.
  ///
  /// - Parameter owner: the component, named in failure messages.
  @inlinable @inline(__always)
  package func instance<T: Sendable>(
    forKey key: String, owner: AnyObject, _ factory: () -> T
  ) -> T {
    let object: AnyObject
    if let published = first.load(), published.pointee.holds(key, as: ObjectIdentifier(T.self)) {
      object = published.pointee.value.object
    } else {
      object = build(key: key, owner: owner, valueType: T.self) { OnceValue(wrapping: factory()) }
    }
    return OnceValue.unwrap(object, as: T.self)
  }

  /// Everything but the check of the first instance: the instances after it, then ``Once``'s
  /// build sequence.
  @usableFromInline @inline(never)
  func build(
    key: String, owner: AnyObject, valueType: Any.Type, factory: () -> OnceValue
  ) -> AnyObject {
    if let later = first.load()?.pointee.findAfter(key, as: ObjectIdentifier(valueType)) {
      return later.pointee.value.object
    }
    return Once.instance(in: self, key: key, owner: owner, valueType: valueType, factory: factory)
  }

  /// The published value for `key`, whatever its type; call under `lock`.
  private func publishedValue(for key: String) -> OnceValue? {
    var candidate = first.load()
    while let instance = candidate {
      if instance.pointee.key == key { return instance.pointee.value }
      candidate = instance.pointee.next.load()
    }
    return nil
  }

  /// Appends a built value; the caller holds `lock`, which serializes all writers.
  private func publish(key: String, value: OnceValue) {
    guard var last = first.load() else {
      first.set(key: key, value: value)
      return
    }
    while let next = last.pointee.next.load() {
      last = next
    }
    last.pointee.next.set(key: key, value: value)
  }
}

extension SharedInstanceStore: OnceStore {
  package typealias Owner = AnyObject

  package func label(of key: String) -> String { key }

  package func ownerType(of owner: AnyObject) -> Any.Type { type(of: owner) }

  package func identity(of owner: AnyObject) -> ObjectIdentifier {
    ObjectIdentifier(owner)
  }

  package func claim(_ key: String, frame: FramePointer) -> Once.Step {
    lock.withLock {
      Once.decide(
        frame, built: publishedValue(for: key), building: frameBuilding(key),
        link: { insertBuilding($0) })
    }
  }

  package func publish(
    _ value: OnceValue, for key: String, builtIn frame: FramePointer
  ) {
    lock.withLock {
      publish(key: key, value: value)
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
