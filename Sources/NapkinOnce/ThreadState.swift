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
  /// Unowned: a frame is kept alive by its store's list of keys under construction for as long
  /// as its factory runs, which is as long as it can be `current`.
  @exclusivity(unchecked) package unowned(unsafe) var current: BuildFrame?
  /// The frame this thread waits for; guarded by ``WaitGraph``.
  @exclusivity(unchecked) var blockedOn: BuildFrame?
  /// Signalled once for every time this thread registered as a waiter of a frame.
  let wakeUp = DispatchSemaphore(value: 0)
  /// Frames of finished builds that nobody else saw, ready for reuse, linked through
  /// ``BuildFrame/nextBuilding`` (free while a frame is spare); touched only by this thread.
  @exclusivity(unchecked) private var spareFrames: BuildFrame?
  @exclusivity(unchecked) private var spareFrameCount = 0

  /// How many spare frames a thread keeps: enough for the deepest graphs apps build, a few
  /// tens of kilobytes at most.
  private static let spareFrameLimit = 1_024

  /// A frame for a build that `request` starts on this thread, recycled when possible.
  func makeFrame(_ request: Once.Request) -> BuildFrame {
    let frame: BuildFrame
    if let spare = spareFrames {
      spareFrames = spare.nextBuilding
      spare.nextBuilding = nil
      spareFrameCount -= 1
      frame = spare
    } else {
      frame = BuildFrame(builder: self)
    }
    frame.label = request.label
    frame.ownerType = request.ownerType
    frame.storeIdentity = request.storeIdentity
    frame.valueType = request.valueType
    frame.parent = current
    return frame
  }

  /// Takes back the frame of a finished build that had no waiters, which no other thread can
  /// still reach (see ``BuildFrame``).
  func recycle(_ frame: BuildFrame) {
    frame.parent = nil
    frame.label = ""
    if spareFrameCount < ThreadState.spareFrameLimit {
      frame.nextBuilding = spareFrames
      spareFrames = frame
      spareFrameCount += 1
    }
  }

  private init() {}

  /// The calling thread's state, created on first use and released when the thread exits.
  package static var ofCurrentThread: ThreadState {
    if let existing = pthread_getspecific(threadStateKey) {
      return Unmanaged<ThreadState>.fromOpaque(existing).takeUnretainedValue()
    }
    let state = ThreadState()
    pthread_setspecific(threadStateKey, Unmanaged.passRetained(state).toOpaque())
    return state
  }
}

/// The thread-local slot holding each thread's ``ThreadState``; the destructor drops the retain that
/// `ofCurrentThread` took.
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
