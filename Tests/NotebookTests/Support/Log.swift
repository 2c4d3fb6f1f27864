import Foundation
import NotebookStorage

/// Records values appended from any thread, in order: the lines a lock wait printed, the order in
/// which concurrent work happened.
///
/// The values sit behind an `NSLock`, by the project's lock rule (CONTRIBUTING.md, "Locks"): this
/// target cannot import NapkinOnce's `Locked`, and ThreadSanitizer sees pthread's hand-offs, not a
/// contended `Mutex`'s.
final class Log<Value: Sendable>: @unchecked Sendable {
  // SAFETY: `storage` is read and written only inside `lock.withLock`, and `lock` is a `let`.
  private let lock = NSLock()
  private var storage: [Value] = []

  func append(_ value: Value) { lock.withLock { storage.append(value) } }

  var values: [Value] { lock.withLock { storage } }
}
