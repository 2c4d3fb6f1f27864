import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

/// A ``PublishedInstance`` that is set at most once and then read without a lock: a store's first
/// instance, or the instance published after another. The store owns the whole list and
/// destroys it with ``destroyList()``.
///
/// Not `AtomicLazyReference`, the standard library's type for a reference set once: its `load()`
/// is not inlinable, and as an unspecialized generic call it cost 790 instructions per hot read
/// against 115 (`valgrind --tool=callgrind … --profile hot-napkin`). Seen on Swift 6.3.1, Linux:
/// its `Synchronization.swiftinterface` declares `public func load() -> Instance?` with neither
/// `@inlinable` nor `@_alwaysEmitIntoClient`. No upstream issue found. This type can give way to
/// `AtomicLazyReference` once that declaration is inlinable and `--profile hot-napkin` still counts
/// 114 instructions per read with it.
@usableFromInline
package struct PublishedLink: ~Copyable, Sendable {
  /// The instance's address, or 0; stored with release ordering once the instance is complete.
  @usableFromInline let address = Atomic<UInt>(0)

  init() {}

  /// The published instance, or `nil`; see ``InstancePointer`` for how long it stays valid.
  @inlinable
  func load() -> InstancePointer? {
    InstancePointer(bitPattern: address.load(ordering: .acquiring))
  }

  /// Publishes an instance for `key`; called once, under the owning store's lock.
  ///
  /// The record comes from `malloc`, not `UnsafeMutablePointer.allocate`, which on Linux takes
  /// the aligned-allocation path whatever the alignment (`posix_memalign`: 44 more instructions
  /// per node of the `chain` scenario under callgrind). `malloc`'s alignment suits every field.
  func set(key: String, value: OnceValue) {
    // SAFETY: `malloc` returns memory aligned for any scalar, so for the record's words; it is
    // bound to one record, initialized before its address is published, and freed only by
    // `destroyList`.
    guard let memory = malloc(MemoryLayout<PublishedInstance>.stride) else {
      fatalError("Napkin: out of memory publishing the shared instance '\(key)'")
    }
    let instance = memory.bindMemory(to: PublishedInstance.self, capacity: 1)
    instance.initialize(to: PublishedInstance(key: key, value: value))
    address.store(UInt(bitPattern: instance), ordering: .releasing)
  }

  /// Destroys the instance this link holds and every instance after it, releasing their values.
  ///
  /// One instance at a time: a recursion through the links overflowed a thread's stack for a
  /// component of many computed keys (`destroyingAStoreOfManyInstancesUsesNoStackPerInstance`).
  /// Called once, by the store's deinit, when no reader can remain.
  func destroyList() {
    var next = load()
    while let instance = next {
      next = instance.pointee.next.load()
      // SAFETY: an instance that `set` allocated and initialized, reached once (each is linked
      // from exactly one link), its successor read before it is destroyed.
      instance.deinitialize(count: 1)
      free(instance)
    }
  }
}
