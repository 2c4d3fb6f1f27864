import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one thread is doing inside the once machinery: the factories it is running (a stack of
/// frames, innermost last) and the frame it is blocked on, if any.
///
/// Factories are synchronous closures, so a factory runs start to finish on one thread; a thread is
/// therefore the right owner for a build, and the stack of frames it runs is what a cycle message
/// prints.
///
/// - Note: `@unchecked Sendable` is sound because every field has one writer discipline:
///   `current` is written only by the owning thread, and read by another thread only while the
///   owner is blocked, under ``WaitGraph``'s lock which the owner took after its last write;
///   `blockedOn` is read and written only under ``WaitGraph``'s lock; `wakeUp` is itself thread safe.
///   Dynamic exclusivity checks are off for these fields because that discipline, not the
///   checks, is what orders their accesses, and the checks would cost more than a build.
package final class ThreadState: @unchecked Sendable {
  /// The innermost factory this thread is running, or `nil` outside any factory.
  ///
  /// Unowned: the frame belongs to this thread's pool for as long as it can be `current`.
  @exclusivity(unchecked) package unowned(unsafe) var current: BuildFrame?
  /// The frame this thread waits for; guarded by ``WaitGraph``. Unowned: the waiting thread
  /// itself holds the frame for as long as it waits.
  @exclusivity(unchecked) unowned(unsafe) var blockedOn: BuildFrame?
  /// Signalled once for every time this thread registered as a waiter of a frame.
  let wakeUp = DispatchSemaphore(value: 0)
  /// The frames of this thread's builds, one per nesting depth, owned (+1) here and reused: a
  /// deep graph allocates its frames once per thread, not once per build.
  @exclusivity(unchecked) private var frames: ContiguousArray<Unmanaged<BuildFrame>> = []
  /// How many builds this thread is running, nested; `frames[depth]` is the next one's frame.
  @exclusivity(unchecked) private var depth = 0

  /// Past this depth, frames are not kept for reuse: enough for the deepest graphs apps build,
  /// about a hundred kilobytes at most.
  private static let pooledDepth = 1_024

  /// The frame for a build that `request` starts on this thread, innermost on its stack.
  func beginFrame(_ request: Once.Request) -> Unmanaged<BuildFrame> {
    if depth == frames.count {
      frames.append(.passRetained(BuildFrame(builder: self)))
    }
    let handle = frames[depth]
    depth += 1
    handle._withUnsafeGuaranteedRef { frame in
      // Frames at one depth usually build the same property again: skip the copy (a retain and a
      // release) when the key is the very same string.
      if !isSameStringValue(frame.label, request.label) {
        frame.label = request.label
      }
      frame.ownerType = request.ownerType
      frame.storeIdentity = request.storeIdentity
      frame.valueType = request.valueType
      frame.parent = current
      frame.isDone = false
    }
    current = handle.takeUnretainedValue()
    return handle
  }

  /// Ends the innermost build. A frame that had waiters stays theirs (they hold it until they
  /// wake and look again), so the pool lets it go and makes a new one next time.
  func endFrame(_ frame: Unmanaged<BuildFrame>, hadWaiters: Bool) {
    current = frame._withUnsafeGuaranteedRef { $0.parent }
    depth -= 1
    // `frames[depth]` is this frame; the pool may hold deeper ones too, from earlier builds.
    if hadWaiters || depth >= ThreadState.pooledDepth {
      frames.remove(at: depth).release()
    }
  }

  deinit {
    for frame in frames {
      frame.release()
    }
  }

  private init() {}

  /// The calling thread's state, created on first use and released when the thread exits;
  /// unretained, since it outlives anything the thread does.
  package static var currentHandle: Unmanaged<ThreadState> {
    if let existing = pthread_getspecific(threadStateKey) {
      return Unmanaged<ThreadState>.fromOpaque(existing)
    }
    let state = Unmanaged.passRetained(ThreadState())
    pthread_setspecific(threadStateKey, state.toOpaque())
    return state
  }
}

/// The thread-local slot holding each thread's ``ThreadState``; the destructor drops the retain that
/// `currentHandle` took.
private let threadStateKey: pthread_key_t = {
  var key = pthread_key_t()
  #if canImport(Darwin)
    let status = pthread_key_create(&key) { Unmanaged<ThreadState>.fromOpaque($0).release() }
  #else
    let status = pthread_key_create(&key) { pointer in
      guard let pointer else { return }
      Unmanaged<ThreadState>.fromOpaque(pointer).release()
    }
  #endif
  precondition(status == 0, "Napkin: pthread_key_create failed with status \(status)")
  return key
}()
