import Foundation
import Synchronization

/// A task executor with exactly one thread: a stand-in for a cooperative pool whose every other
/// thread is busy. Work that blocks its thread here stops every other task that prefers it, so a
/// test can show that a wait suspends instead of sleeping the thread.
///
/// ```swift
/// let executor = OneThreadExecutor()
/// defer { executor.stop() }
/// let task = Task(executorPreference: executor) { try await store.update { ... } }
/// ```
final class OneThreadExecutor: TaskExecutor, Sendable {
  private struct Queue: ~Copyable {
    var jobs: [UnownedJob] = []
    var stopped = false
  }

  private let queue = Mutex(Queue())
  private let ready = DispatchSemaphore(value: 0)

  init() {
    let thread = Thread { [self] in runJobs() }
    thread.name = "OneThreadExecutor"
    thread.start()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let accepted = queue.withLock { queue -> Bool in
      guard !queue.stopped else { return false }
      queue.jobs.append(job)
      return true
    }
    // A job the stopped thread would never run would hang its task without a word.
    precondition(accepted, "OneThreadExecutor: a job was enqueued after stop()")
    ready.signal()
  }

  /// Ends the thread once the jobs enqueued so far have run; enqueuing afterwards stops the
  /// program.
  func stop() {
    queue.withLock { $0.stopped = true }
    ready.signal()
  }

  private func runJobs() {
    while true {
      ready.wait()
      let next = queue.withLock { queue -> (job: UnownedJob?, stopped: Bool) in
        (queue.jobs.isEmpty ? nil : queue.jobs.removeFirst(), queue.stopped)
      }
      if let job = next.job {
        job.runSynchronously(on: asUnownedTaskExecutor())
      } else if next.stopped {
        return
      }
    }
  }
}
