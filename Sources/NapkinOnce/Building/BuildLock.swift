import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one lock every first build in the process runs under: recursive on its own thread, so a
/// factory may read (and build) any other shared instance.
///
/// One lock for the process, not one per tree: every cycle of keys (in one component, across
/// components, trees, `PerKey` registries and threads) becomes a cycle on the thread that holds
/// it, found without a wait graph or a thread-local, and a component needs no word of its own for
/// it. What it costs: builds of unrelated keys, even of unrelated trees, run one after the other
/// (builds take microseconds, and happen once per key). See the design note.
///
/// Threading: call ``run(_:)`` from any thread; only its holder calls ``building(_:_:)`` and
/// ``cycle(at:)``.
package final class BuildLock: Sendable {
  /// The lock of the process.
  package static let process = BuildLock()

  /// Held around the outermost build of the thread that holds it.
  private let gate = LockWord()
  /// The holder's thread id, or 0. Relaxed is enough: only a thread that holds the gate stores
  /// its own id, and clears it before releasing, so a thread reads its own id only when it
  /// stored it (a thread id is reused only after its thread ended, which cannot happen while it
  /// holds the gate).
  private let holder = Atomic<UInt>(0)
  /// The builds in progress on the holder's stack, outermost first: what a cycle message prints.
  /// Only the holder touches it, so its lock is never contended.
  private let inProgress = Locked<[Build]>([])

  /// Creates a lock of its own; every store uses ``process``.
  package init() {}

  /// Runs `body` holding the lock, or directly when this thread holds it already.
  package func run<Result>(_ body: () -> Result) -> Result {
    let thread = currentThreadID()
    if holder.load(ordering: .relaxed) == thread {
      return body()
    }
    return gate.withLock {
      holder.store(thread, ordering: .relaxed)
      defer { holder.store(0, ordering: .relaxed) }
      return body()
    }
  }

  /// Runs `factory` as `build`, recorded for a cycle's message; call inside ``run(_:)``.
  package func building<Value>(_ build: Build, _ factory: () -> Value) -> Value {
    inProgress.withLock { $0.append(build) }
    defer { inProgress.withLock { _ = $0.removeLast() } }
    return factory()
  }

  /// Stops the program: `build` is already in progress on this thread. Call inside ``run(_:)``.
  package func cycle(at build: Build) -> Never {
    let stack = inProgress.withLock { $0 }
    let start = stack.firstIndex { $0.owner == build.owner && $0.key == build.key } ?? 0
    OnceFailure.cycle(Array(stack[start...]) + [build])
  }
}

/// One build in progress: whose key it is, for a cycle's message.
package struct Build: Sendable {
  /// Tells two stores of one type apart.
  package let owner: ObjectIdentifier
  /// The component or registry type named in messages.
  package let ownerType: Any.Type
  /// The key as the user wrote it (a property's name for a component).
  package let key: String

  package init(owner: ObjectIdentifier, ownerType: Any.Type, key: String) {
    self.owner = owner
    self.ownerType = ownerType
    self.key = key
  }
}

/// The calling thread's id; 0 is never one.
private func currentThreadID() -> UInt {
  #if canImport(Darwin)
    var id: UInt64 = 0
    pthread_threadid_np(nil, &id)
    return UInt(id)
  #elseif canImport(Glibc)
    return pthread_self()
  #else
    return UInt(gettid())
  #endif
}
