import Foundation
import NotebookStorage

/// A task executor with exactly one thread: a stand-in for a cooperative pool whose every other
/// thread is busy. Work that blocks its thread here stops every other task that prefers it, so a
/// test can show that a wait suspends instead of sleeping the thread.
///
/// ```swift
/// let executor = OneThreadExecutor()
/// defer { executor.stop() }
/// let task = Task(executorPreference: executor) { try await store.update { ... } }
/// ```
final class OneThreadExecutor: TaskExecutor, @unchecked Sendable {
  // SAFETY: `jobs` and `stopped` are read and written only while `condition` is locked. An
  // `NSCondition`, not a `Mutex`: ThreadSanitizer cannot see a contended `Mutex`'s hand-offs on
  // Linux, and it sees pthread's.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var stopped = false

  init() {
    Thread.detachNewThread { [self] in
      while let job = next() {
        job.runSynchronously(on: asUnownedTaskExecutor())
      }
    }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    let accepted = !stopped
    if accepted {
      jobs.append(job)
      condition.signal()
    }
    condition.unlock()
    // A job the stopped thread would never run would hang its task without a word.
    precondition(accepted, "OneThreadExecutor: a job was enqueued after stop()")
  }

  /// Ends the thread once the jobs enqueued so far have run; enqueuing afterwards stops the
  /// program.
  func stop() {
    condition.lock()
    stopped = true
    condition.signal()
    condition.unlock()
  }

  /// The next job, waiting for one; `nil` once stopped with none left.
  private func next() -> UnownedJob? {
    condition.lock()
    defer { condition.unlock() }
    while jobs.isEmpty {
      if stopped { return nil }
      condition.wait()
    }
    return jobs.removeFirst()
  }
}
