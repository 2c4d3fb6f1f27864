import Foundation

/// Answers handed out in order, one per call: a scripted service's successive results.
/// Running out records nothing by itself; it throws, so the caller's test sees the extra call.
///
/// The answers sit behind an `NSLock`, by the project's lock rule (CONTRIBUTING.md, "Locks"):
/// this target cannot import NapkinOnce's `Locked`, and ThreadSanitizer sees pthread's hand-offs,
/// not a contended `Mutex`'s.
final class AnswerQueue<Value: Sendable>: @unchecked Sendable {
  struct Exhausted: Error {}

  // SAFETY: `answers` is read and written only inside `lock.withLock`, and `lock` is a `let`.
  private let lock = NSLock()
  private var answers: [Result<Value, any Error>]

  init(_ answers: [Result<Value, any Error>]) {
    self.answers = answers
  }

  func next() throws -> Value {
    let answer = lock.withLock { answers.isEmpty ? nil : answers.removeFirst() }
    guard let answer else { throw Exhausted() }
    return try answer.get()
  }

  var remaining: Int { lock.withLock { answers.count } }
}
