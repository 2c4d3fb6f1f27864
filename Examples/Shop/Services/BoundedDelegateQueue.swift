import Foundation
import Synchronization

/// A URLSession delegate queue that holds back the transfer while the delegate is behind.
///
/// swift-corelibs-foundation hands each chunk of a body to the delegate queue with
/// `addOperation(_:)` and goes on reading: a fast server (or a gzip body, which curl inflates in
/// one go) queues chunks far faster than the delegate runs, so a limit checked in the delegate
/// comes too late and the queued chunks fill the memory. Here `addOperation(_:)` waits while
/// `capacity` operations are pending, which stalls the session's transfer thread until the
/// delegate has caught up: at most `capacity` chunks exist at once, whatever the server sends.
///
/// An operation added from this queue itself (a delegate method that enqueues more) never waits,
/// so the queue cannot wait on itself.
///
/// Threading: an `OperationQueue`, `Sendable` as its base class is; the count of free slots is a
/// `DispatchSemaphore`, which is thread-safe.
final class BoundedDelegateQueue: OperationQueue, @unchecked Sendable {
  // SAFETY: the class adds one stored property, a `let` of a thread-safe `DispatchSemaphore`;
  // everything else is `OperationQueue`'s, which guards its own state.
  private let slots: DispatchSemaphore

  /// Creates a queue on which `addOperation(_:)` waits while `capacity` operations are pending.
  init(capacity: Int = 4) {
    slots = DispatchSemaphore(value: capacity)
    super.init()
    maxConcurrentOperationCount = 1  // URLSession requires a serial delegate queue
    name = "Shop.HTTPExchange.delegate"
  }

  override func addOperation(_ block: @escaping @Sendable () -> Void) {
    guard OperationQueue.current !== self else { return super.addOperation(block) }
    slots.wait()
    super.addOperation { [slots] in
      block()
      slots.signal()
    }
  }
}
