import Foundation
import Synchronization
import Testing

@testable import BoundedHTTP

/// The delegate queue that bounds what a transfer may queue, and runs the delegate on its own
/// thread.
@Suite struct BoundedDelegateQueueTests {
  /// The entries sit behind an `NSLock`, by the project's lock rule (CONTRIBUTING.md, "Locks"):
  /// this target cannot import NapkinOnce's `Locked`, and ThreadSanitizer sees pthread's
  /// hand-offs, not a contended `Mutex`'s.
  private final class Recorder: @unchecked Sendable {
    // SAFETY: `entries` is read and written only inside `lock.withLock`, and `lock` is a `let`.
    private let lock = NSLock()
    private var entries: [String] = []
    func append(_ entry: String) { lock.withLock { entries.append(entry) } }
    var values: [String] { lock.withLock { entries } }
  }

  @Test func operationsRunOneAtATimeInTheOrderTheyWereAdded() {
    let queue = BoundedDelegateQueue(capacity: 4)
    let recorder = Recorder()
    let running = Atomic(0)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      for index in 0..<100 {
        queue.addOperation {
          let overlapping = running.add(1, ordering: .relaxed).newValue > 1
          recorder.append(overlapping ? "\(index) overlapped" : "\(index)")
          running.subtract(1, ordering: .relaxed)
          if index == 99 { done.signal() }
        }
      }
    }
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(recorder.values == (0..<100).map { "\($0)" })
  }

  @Test func addingWaitsWhileCapacityOperationsArePending() {
    let queue = BoundedDelegateQueue(capacity: 2)
    let gate = DispatchSemaphore(value: 0)
    let recorder = Recorder()
    queue.addOperation { _ = gate.wait(timeout: .now() + 10) }
    queue.addOperation { recorder.append("second") }
    let thirdAdded = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      queue.addOperation { recorder.append("third") }
      thirdAdded.signal()
    }
    // Both slots are taken, by the running operation and the pending one.
    #expect(thirdAdded.wait(timeout: .now() + .milliseconds(200)) == .timedOut)
    gate.signal()
    #expect(thirdAdded.wait(timeout: .now() + 10) == .success)
    let drained = DispatchSemaphore(value: 0)
    queue.addOperation { drained.signal() }
    #expect(drained.wait(timeout: .now() + 10) == .success)
    #expect(recorder.values == ["second", "third"])
  }

  @Test func operationObjectsGoThroughTheSameBoundedDeliveries() {
    let queue = BoundedDelegateQueue(capacity: 2)
    let gate = DispatchSemaphore(value: 0)
    let recorder = Recorder()
    queue.addOperation { _ = gate.wait(timeout: .now() + 10) }
    queue.addOperation(BlockOperation { recorder.append("second") })
    let thirdAdded = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      queue.addOperations([BlockOperation { recorder.append("third") }], waitUntilFinished: false)
      thirdAdded.signal()
    }
    // An `Operation` takes a slot as a block does, so the third one waits here too.
    #expect(thirdAdded.wait(timeout: .now() + .milliseconds(200)) == .timedOut)
    gate.signal()
    #expect(thirdAdded.wait(timeout: .now() + 10) == .success)
    let last = BlockOperation { recorder.append("last") }
    queue.addOperations([last], waitUntilFinished: true)
    #expect(recorder.values == ["second", "third", "last"])
  }

  @Test func anOperationAddedByAnOperationDoesNotWaitForItself() {
    let queue = BoundedDelegateQueue(capacity: 1)
    let inner = DispatchSemaphore(value: 0)
    // The outer operation holds the only slot while it adds the inner one.
    queue.addOperation {
      queue.addOperation { inner.signal() }
    }
    #expect(inner.wait(timeout: .now() + 10) == .success)
  }

  @Test func theThreadEndsWhenIdleAndALaterOperationStillRuns() {
    let queue = BoundedDelegateQueue()
    let first = DispatchSemaphore(value: 0)
    queue.addOperation { first.signal() }
    #expect(first.wait(timeout: .now() + 10) == .success)
    // Longer than the half second after which an idle thread ends.
    Thread.sleep(forTimeInterval: 0.8)
    let second = DispatchSemaphore(value: 0)
    queue.addOperation { second.signal() }
    #expect(second.wait(timeout: .now() + 10) == .success)
  }
}
