import Dispatch
import Synchronization

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
/// `Sendable` as declared: every field is a `let` of a `Sendable` type. The frame addresses are
/// atomics so that another thread may read them without a data race; which values it may rely on
/// is set by the locks: `current` is written only by the owning thread and read by another thread
/// only while the owner is blocked, under ``WaitGraph``'s lock, which the owner took after its
/// last write; `blockedOn` is read and written only under ``WaitGraph``'s lock. Relaxed ordering
/// suffices for both because those locks order every access that matters.
package final class ThreadState: Sendable {
  /// The address of the innermost frame this thread is building, or 0 outside any factory.
  private let currentBits = Atomic<UInt>(0)
  /// The address of the frame this thread waits for, or 0; guarded by ``WaitGraph``.
  private let blockedOnBits = Atomic<UInt>(0)
  /// Signalled once for every time this thread registered as a waiter of a frame.
  let wakeUp = DispatchSemaphore(value: 0)

  /// The innermost factory this thread is running, or `nil` outside any factory.
  var current: FramePointer? {
    FramePointer(bitPattern: currentBits.load(ordering: .relaxed))
  }

  /// The frame this thread waits for; read and written under ``WaitGraph``'s lock.
  var blockedOn: FramePointer? {
    get { FramePointer(bitPattern: blockedOnBits.load(ordering: .relaxed)) }
    set { blockedOnBits.store(UInt(bitPattern: newValue), ordering: .relaxed) }
  }

  /// Starts the build described by `frame` on this thread, innermost on its stack.
  func beginFrame(_ frame: FramePointer) {
    frame.pointee.parent = current
    currentBits.store(UInt(bitPattern: frame), ordering: .relaxed)
  }

  /// Ends the innermost build, once its store has unlinked it and its waiters' edges are gone.
  func endFrame(_ frame: FramePointer) {
    currentBits.store(UInt(bitPattern: frame.pointee.parent), ordering: .relaxed)
    frame.deinitialize(count: 1)
  }

  private init() {}

  /// The calling thread's state, created on first use and released when the thread exits.
  ///
  /// A strong reference, the simpler code: handing out the slot's reference unretained measured
  /// 3% fewer instructions per node of the `chain` scenario (1,733 against 1,785 under callgrind),
  /// under the 5% that would earn it its place.
  static var calling: ThreadState {
    if let existing = pthread_getspecific(threadStateKey) {
      // SAFETY: the slot holds the retain taken below until the thread exits, so the object is
      // alive for as long as this thread can return it.
      return Unmanaged<ThreadState>.fromOpaque(existing).takeUnretainedValue()
    }
    let state = ThreadState()
    // SAFETY: `passRetained` takes one retain, which the slot owns from here on: the fast path
    // above borrows it unretained, and the key's destructor releases it exactly once, when the
    // thread exits. Checked, not assumed: `pthread_setspecific` can fail (ENOMEM, when the C
    // library allocates a thread's second block of slots), and a thread whose state is not in its
    // slot would get a new `ThreadState` on every call, so its builds would no longer be told
    // apart from another thread's and a self-cycle would hang instead of being reported. Only the
    // first call of each thread gets here.
    let status = pthread_setspecific(threadStateKey, Unmanaged.passRetained(state).toOpaque())
    precondition(status == 0, "Napkin: pthread_setspecific failed with status \(status)")
    return state
  }
}

/// The thread-local slot holding each thread's ``ThreadState``; the destructor drops the retain that
/// `calling` took.
///
/// SAFETY: the slot's value is only ever that retained reference, and the destructor runs once,
/// when the thread exits, after every frame and request of the thread is gone.
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
