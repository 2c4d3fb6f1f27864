import Dispatch
import Synchronization

/// What the threads waiting for one build share: the build, its builder, and the semaphore the
/// builder signals once per waiter when the value is stored.
///
/// Created by the first waiter, under the store's lock (``Pending/join(as:)``); the count of
/// waiters lives in the store's entry, under the same lock, so the builder wakes exactly the
/// threads that joined before it stored the value, and a thread that comes later finds the value.
///
/// Threading: `Sendable`; its state is `let`s and an atomic.
package final class WaitRecord: Sendable {
  /// The key being built, for a cycle's chain.
  package let build: Build
  /// The thread running the factory (``BuildingThread/id``).
  package let builder: ObjectIdentifier
  private let done = Atomic(false)
  private let wakeUp = DispatchSemaphore(value: 0)

  package init(build: Build, builder: ObjectIdentifier) {
    self.build = build
    self.builder = builder
  }

  /// Whether the builder has stored the value. Once true, the builder runs no more of this
  /// build, so an edge to this record is no longer a wait for its builder.
  package var isDone: Bool { done.load(ordering: .acquiring) }

  /// Blocks the calling thread until the builder calls ``finish(waking:)``.
  package func wait() {
    wakeUp.wait()
  }

  /// Marks the build done, then wakes `count` waiters; the builder calls it once.
  package func finish(waking count: Int) {
    done.store(true, ordering: .releasing)
    for _ in 0..<count {
      wakeUp.signal()
    }
  }
}
