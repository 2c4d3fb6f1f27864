import Foundation
import Synchronization

/// Standard output or standard error, written with `write(2)`: a write that fails (a full disk, a
/// closed descriptor, a pipe nobody reads with `SIGPIPE` ignored) is remembered, not lost.
///
/// `print` drops such errors and the program exits 0 as if the screen had been shown;
/// `FileHandle.write(_:)` stops the program with a `try!`. `main.swift` writes through these and
/// ends the program with status 1 when the screen cannot be shown.
///
/// ```swift
/// StandardStream.output.write("Orders\n")
/// if let failure = StandardStream.output.failure { ... }
/// ```
///
/// Threading: `Sendable`; the first failure is kept under a `Mutex`.
final class StandardStream: Sendable {
  static let output = StandardStream(descriptor: STDOUT_FILENO)
  static let error = StandardStream(descriptor: STDERR_FILENO)

  private let descriptor: Int32
  private let firstFailure = Mutex<Int32?>(nil)

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// The `errno` of the first write that failed, if one did.
  var failure: Int32? { firstFailure.withLock { $0 } }

  /// Writes all of `text`; after a failure, writes nothing more.
  func write(_ text: String) {
    guard failure == nil else { return }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        let code = errno
        firstFailure.withLock { $0 = $0 ?? code }
        return
      }
      bytes = bytes.dropFirst(written)
    }
  }
}
