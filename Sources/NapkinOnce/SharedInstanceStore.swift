import Synchronization

/// The shared instances of one component: the storage behind `Component.shared`.
///
/// Three words: the first ``PublishedInstance`` (each links to the next), the lock, and the
/// list of keys under construction. Reads of a built instance are lock free: an acquire load of
/// the first instance and a compare of its type and key, in the property; the instances after it
/// are searched, still without the lock, at the start of the out-of-line call before a build.
/// Everything else (first builds, waiting for another thread's build) happens in two out-of-line
/// calls, under `lock`, never while a factory runs.
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
  ///
  /// Out of line although it only stores zeros: SwiftPM's release builds optimize across modules
  /// (`-enable-default-cmo`), which otherwise inlines these five atomic initializations into the
  /// allocating initializer of every component subclass, where the optimizer works through them
  /// once per subclass. One call per component created costs the `chain` scenario about 15
  /// instructions per node (under 1%); see the `app-scale` figures in `Benchmarks/README.md`.
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
  /// Inlined into the property: the look-up of a built instance, then ``Once``'s build sequence,
  /// whose steps before and after the factory are out-of-line calls shared by every property
  /// (``claim(key:owner:valueType:frame:)``, ``finish(key:frame:value:)``). A graph
  /// resolved from its leaf nests one factory per level, and with the factory called right here
  /// each level costs one machine frame, which also holds the build's ``BuildFrame``; that is
  /// what keeps a fresh process's first graph within its bound (the `first-graph` scenario).
  ///
  /// Always inlined, which the `app-scale` scenario measures: left to the optimizer, this body is
  /// specialized and then inlined into every caller of every property, and the generated tree
  /// of 100 napkins compiled to 359,506 bytes of text against 133,098 (2026-12-01), in about
  /// three times the compiler's time.
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
      // The same sequence as ``Once/resolve(in:key:owner:valueType:factory:)``, written out here
      // for one machine frame per level; `BuildSequenceTests` runs both through the same cases.
      object = withUnsafeTemporaryAllocation(of: BuildFrame.self, capacity: 1) { room in
        // SAFETY: a buffer of capacity 1 has a base address; the frame is initialized by `claim`
        // and deinitialized by `claim` (found) or `finish`, all before the allocation ends.
        let frame = room.baseAddress!
        if let found = claim(key: key, owner: owner, valueType: T.self, frame: frame) {
          return found
        }
        let value = OnceValue(wrapping: factory())
        finish(key: key, frame: frame, value: value)
        return value.object
      }
    }
    // Converted in one place for the three ways in: each conversion is a specialization the
    // optimizer works through in every property, and three of them made the release build of
    // a generated app of 100 napkins 14% slower (see the `app-scale` scenario).
    return OnceValue.unwrap(object, as: T.self)
  }

  /// The build path before the factory, and the look-up of every instance after the first: an
  /// instance published after it (returned; the frame is left uninitialized), a first build, a
  /// wait for another thread's build of the key, or a misuse to report (the key published with
  /// another type); see ``Once/claim(in:key:owner:valueType:frame:)``.
  ///
  /// The later instances are searched here rather than in the property so that each property
  /// holds one call-out before its factory instead of two.
  @usableFromInline @inline(never)
  func claim(
    key: String, owner: AnyObject, valueType: Any.Type, frame: FramePointer
  ) -> AnyObject? {
    if let later = first.load()?.pointee.findAfter(key, as: ObjectIdentifier(valueType)) {
      return later.pointee.value.object
    }
    return Once.claim(in: self, key: key, owner: owner, valueType: valueType, frame: frame)
  }

  /// The build path after the factory; see ``Once/finish(in:key:frame:value:)``.
  @usableFromInline @inline(never)
  func finish(key: String, frame: FramePointer, value: OnceValue) {
    Once.finish(in: self, key: key, frame: frame, value: value)
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
  private func append(key: String, value: OnceValue) {
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

  package func decide(key: String, frame: FramePointer) -> Once.Step {
    lock.withLock {
      Once.decide(
        frame, built: publishedValue(for: key), building: frameBuilding(key),
        link: { insertBuilding($0) })
    }
  }

  package func publish(key: String, frame: FramePointer, value: OnceValue) {
    lock.withLock {
      append(key: key, value: value)
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
