import Synchronization

/// Answers handed out in order, one per call: a scripted service's successive results.
/// Running out records nothing by itself; it throws, so the caller's test sees the extra call.
final class AnswerQueue<Value: Sendable>: Sendable {
  struct Exhausted: Error {}

  private let answers: Mutex<[Result<Value, any Error>]>

  init(_ answers: [Result<Value, any Error>]) {
    self.answers = Mutex(answers)
  }

  func next() throws -> Value {
    let answer = answers.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    guard let answer else { throw Exhausted() }
    return try answer.get()
  }

  var remaining: Int { answers.withLock { $0.count } }
}
