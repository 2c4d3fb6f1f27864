import Foundation

/// A URLSession delegate queue that holds back the transfer while the delegate is behind, and
/// runs the delegate on a thread of its own.
///
/// swift-corelibs-foundation hands each chunk of a body to the delegate queue with
/// `addOperation(_:)` and goes on reading: a fast server (or a gzip body, which curl inflates in
/// one go) queues chunks far faster than the delegate runs, so a limit checked in the delegate
/// comes too late and the queued chunks fill the memory. Here `addOperation(_:)` waits while
/// `capacity` operations are pending, which stalls the session's transfer until the delegate has
/// caught up: at most `capacity` chunks exist at once, whatever the server sends.
///
/// Upstream: https://github.com/swiftlang/swift-corelibs-foundation/issues/3204 ("URLSession
/// spams slow delegates with more messages than they can handle", open), seen on Swift 6.3.1,
/// Linux: with a delegate that takes 2 ms a chunk on a plain serial `OperationQueue`, 4,120
/// deliveries were pending at once, and a 64 MiB body arrived whole after a cancel at 8 MiB. This
/// type, and with it the detour of ``HTTPExchange``'s `cancel()`, can go once
/// corelibs stops reading while deliveries are pending: `HostileServerTests`' answers over the
/// limit (`anAnswerLargerThanTheLimitAfterDecompressionIsRefused`) then stay bounded with
/// `delegateQueue: nil`.
///
/// The operations run on the queue's own thread, never on Dispatch's global queues. While the
/// transfer waits here, so does every caller that needs the session's work queue, and
/// `dataTask(with:)` and `cancel()` do: those callers are often threads of the cooperative pool,
/// which on Linux shares its threads with the global queues. An operation left to those queues
/// could then wait for the very threads that wait for it, and the program would hang. The
/// thread ends after a moment with nothing to do and starts again with the next operation.
///
/// An operation added from the queue's own thread (a delegate method that enqueues more) never
/// waits, so the queue cannot wait on itself.
///
/// Threading: an `OperationQueue`, `Sendable` as its base class is; its deliveries are a
/// `Sendable` ``Deliveries``.
nonisolated final class BoundedDelegateQueue: OperationQueue, @unchecked Sendable {
  // SAFETY: the class adds one stored property, a `let` of the `Sendable` `Deliveries`;
  // everything else is `OperationQueue`'s, which guards its own state.
  private let deliveries: Deliveries

  /// Creates a queue on which `addOperation(_:)` waits while `capacity` operations are pending.
  init(capacity: Int = 4) {
    deliveries = Deliveries(capacity: capacity)
    super.init()
    maxConcurrentOperationCount = 1  // URLSession requires a serial delegate queue
    name = "Shop.HTTPExchange.delegate"
  }

  override func addOperation(_ block: @escaping @Sendable () -> Void) {
    deliveries.add(block)
  }

  // swift-corelibs-foundation's URLSession adds blocks only, but Apple's Foundation may add
  // `Operation`s, and each of these would otherwise reach `OperationQueue`'s own scheduling and
  // bypass the bound: every way in goes through the same deliveries. (`addBarrierBlock(_:)` is
  // left to the base class: on a queue that runs one operation at a time a barrier is an
  // ordinary operation, and URLSession does not add one.)
  override func addOperation(_ operation: Operation) {
    deliveries.add { operation.start() }
  }

  override func addOperations(_ operations: [Operation], waitUntilFinished wait: Bool) {
    for operation in operations {
      addOperation(operation)
    }
    if wait {
      for operation in operations {
        operation.waitUntilFinished()
      }
    }
  }
}

/// The operations of a ``BoundedDelegateQueue``, run in order on one thread at a time.
///
/// Invariant: while `pending` holds an operation, `hasThread` is true and that thread will run
/// it. A thread ends only with `pending` empty, clearing `hasThread` under the lock, and
/// ``add(_:)`` starts a thread under the same lock when `hasThread` is false.
nonisolated final class Deliveries: @unchecked Sendable {
  // SAFETY: `pending` and `hasThread` are read and written only while `condition` is locked; the
  // other stored properties are `let`s of Sendable types. An `NSCondition`, by the project's lock
  // rule (CONTRIBUTING.md, "Locks"): the delivering thread blocks until an operation arrives or
  // half a second passes.
  private struct Delivery {
    let block: @Sendable () -> Void
    /// Whether the block took one of the `capacity` slots, to give back once it has run.
    let holdsSlot: Bool
  }

  private let condition = NSCondition()
  private var pending: [Delivery] = []
  private var hasThread = false
  private let slots: DispatchSemaphore
  /// Short: Linux keeps at most 15 bytes of a thread's name.
  private static let threadName = "Shop delegate"
  /// Marks the delivering thread, so that an operation added from it does not wait for itself.
  private static let isDelivering = TaskLocal(wrappedValue: false)

  init(capacity: Int) {
    slots = DispatchSemaphore(value: capacity)
  }

  /// Queues `block`, first waiting for a free slot unless called from the delivering thread.
  func add(_ block: @escaping @Sendable () -> Void) {
    let holdsSlot = !Self.isDelivering.get()
    if holdsSlot { slots.wait() }
    condition.lock()
    pending.append(Delivery(block: block, holdsSlot: holdsSlot))
    let startsThread = !hasThread
    hasThread = true
    condition.signal()
    condition.unlock()
    if startsThread {
      Thread.detachNewThread { [self] in
        // Named from inside: on Linux a new thread otherwise keeps its creator's name.
        Thread.current.name = Self.threadName
        Self.isDelivering.withValue(true) { deliver() }
      }
    }
  }

  private func deliver() {
    while let delivery = next() {
      delivery.block()
      if delivery.holdsSlot { slots.signal() }
    }
  }

  /// The oldest pending operation; `nil`, ending the thread, after half a second with none.
  private func next() -> Delivery? {
    condition.lock()
    defer { condition.unlock() }
    while pending.isEmpty {
      let signalled = condition.wait(until: Date(timeIntervalSinceNow: 0.5))
      if !signalled && pending.isEmpty {
        hasThread = false
        return nil
      }
    }
    return pending.removeFirst()
  }
}
