#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The builds in progress on one thread, outermost first: what a cycle's message prints, and the
/// thread's identity in a store's ``Pending`` entry and in the ``WaitGraph``.
///
/// One per thread, created by its first build and released when the thread ends (a pthread key's
/// destructor). Its address is the thread's identity while the thread lives: an entry names its
/// builder only while that builder is inside the factory, and a graph edge lives only while its
/// thread waits, so a reused address can never be confused with the thread that left it.
///
/// Threading: not `Sendable`. Only its own thread reaches it (``current``) and touches ``stack``;
/// other threads see a copy of the stack, published in the ``WaitGraph`` when the thread waits.
final class BuildingThread {
  /// The builds in progress, outermost first.
  // SAFETY: unchecked exclusivity is sound here because only the thread this record belongs to
  // ever reaches it (through its pthread key), and each access (an append, a removeLast, a copy)
  // is a single call that runs no user code, so no two accesses can overlap. The dynamic checks
  // cost a build 310 of its instructions (a `swift_beginAccess`, its thread-local access set and
  // an end, twice): 2,751 against 2,440 per node of a 1,000-deep chain (`--profile chain-napkin`;
  // hand wiring 995, the bound 2.5x).
  @exclusivity(unchecked)
  private(set) var stack: [Build] = []

  private init() {}

  /// The calling thread's record.
  static var current: BuildingThread {
    if let raw = pthread_getspecific(currentThreadKey) {
      // SAFETY: the only value ever set for the key is a `BuildingThread` retained below, and its
      // release waits for the thread to end, so this thread's value is alive while it runs.
      return Unmanaged<BuildingThread>.fromOpaque(raw).takeUnretainedValue()
    }
    let made = BuildingThread()
    // SAFETY: the key's value is this thread's own; the retain taken here is released once, by
    // the key's destructor when the thread ends (`releaseThreadRecord`).
    pthread_setspecific(currentThreadKey, Unmanaged.passRetained(made).toOpaque())
    return made
  }

  /// The thread's identity while it lives.
  var id: ObjectIdentifier { ObjectIdentifier(self) }

  /// Records that `build`'s factory starts on this thread; pair with ``end()``.
  ///
  /// Two calls rather than one that takes the factory: a deep chain of nested `shared`
  /// properties then has no frame of this type between a store and the user's factory.
  func begin(_ build: Build) {
    stack.append(build)
  }

  /// Records that the innermost build's factory returned.
  func end() {
    stack.removeLast()
  }

  /// What a store's `find` decides for `build`, once it has decided: the built value, or nil
  /// when this thread has claimed the key (the build is then on its stack, and the caller runs
  /// the factory). Waits while another thread builds the key, then asks `find` again; stops the
  /// program on a cycle. `PerKey`'s store takes it as it is; a component's store writes the same
  /// loop inline (see `InstanceStore.claim`).
  func claim<Stored>(_ build: Build, _ find: () -> Claim<Stored>) -> Stored? {
    while true {
      switch find() {
      case .built(let value):
        return value
      case .claimed:
        begin(build)
        return nil
      case .wait(let record):
        BuildWaits.wait(self, for: record)
      case .cycle:
        OnceFailure.cycle(cycle(closedBy: build))
      }
    }
  }

  /// The chain of a cycle on this thread: from the build of `build`'s key in progress here to
  /// `build`, the request that closes the cycle.
  func cycle(closedBy build: Build) -> [Build] {
    let start = stack.firstIndex { $0.isSameKey(as: build) } ?? 0
    return Array(stack[start...]) + [build]
  }
}

/// The pthread key whose value is each thread's ``BuildingThread``, created once per process.
private let currentThreadKey: pthread_key_t = {
  var key = pthread_key_t()
  let status = pthread_key_create(&key, releaseThreadRecord)
  precondition(status == 0, "Napkin: cannot create a thread-specific key (pthread error \(status))")
  return key
}()

#if canImport(Darwin)
  private func releaseThreadRecord(_ raw: UnsafeMutableRawPointer) {
    // SAFETY: the only value ever set for the key is a retained `BuildingThread` (`current`).
    Unmanaged<BuildingThread>.fromOpaque(raw).release()
  }
#else
  private func releaseThreadRecord(_ raw: UnsafeMutableRawPointer?) {
    // SAFETY: the only value ever set for the key is a retained `BuildingThread` (`current`);
    // the destructor runs only for a value that is not nil.
    guard let raw else { return }
    Unmanaged<BuildingThread>.fromOpaque(raw).release()
  }
#endif
