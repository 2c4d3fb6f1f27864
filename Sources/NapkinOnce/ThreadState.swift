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
///   `blockedOn` is read and written only under ``WaitGraph``'s lock; `wakeUp` is written once by
///   the owning thread, under the lock of the store it is about to wait on, before it registers as
///   a waiter, and read by a builder only after taking its waiters under that lock. Dynamic
///   exclusivity checks are off for these fields because that discipline, not the checks, is what
///   orders their accesses, and the checks would cost more than a build.
package final class ThreadState: @unchecked Sendable {
  /// The innermost factory this thread is running, or `nil` outside any factory.
  @exclusivity(unchecked) package var current: FramePointer?
  /// The frame this thread waits for; guarded by ``WaitGraph``.
  @exclusivity(unchecked) var blockedOn: FramePointer?
  /// Signalled once for every time this thread registered as a waiter of a frame. Created the
  /// first time the thread waits: most threads never do, and creating one costs more than a
  /// whole graph's worth of builds in a fresh process.
  @exclusivity(unchecked) private var semaphore: DispatchSemaphore?

  /// The semaphore a builder signals to wake this thread, created on first use; call it on this
  /// thread, under the lock of the store it is about to wait on.
  var wakeUp: DispatchSemaphore {
    if let semaphore { return semaphore }
    let created = DispatchSemaphore(value: 0)
    semaphore = created
    return created
  }

  /// Starts a build on this thread: initializes the frame at `frame` for `request`, innermost on
  /// the thread's stack.
  func beginFrame(at frame: FramePointer, _ request: Once.Request) {
    frame.initialize(
      to: BuildFrame(
        label: request.label, ownerType: request.ownerType,
        storeIdentity: request.storeIdentity, valueType: request.valueType, builder: self,
        parent: current, nextBuilding: nil))
    current = frame
  }

  /// Ends the innermost build, once its store has unlinked it and its waiters' edges are gone.
  func endFrame(_ frame: FramePointer) {
    current = frame.pointee.parent
    frame.deinitialize(count: 1)
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
