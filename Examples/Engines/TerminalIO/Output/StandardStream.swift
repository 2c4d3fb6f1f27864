import Foundation

/// Standard output or standard error, written with `write(2)`, so that a write that fails is an
/// error the program handles: the three examples' one way to write to the terminal.
///
/// A full disk (`>/dev/full`), a closed descriptor (`>&-`) or a pipe whose reader left (with
/// `SIGPIPE` ignored) make ``write(_:)`` throw ``OutputLost``. `print` would drop the error and
/// the program would exit 0 as if its output had been shown; `FileHandle.write(_:)` would stop the
/// program with a `try!`.
///
/// ```swift
/// do {
///   try StandardStream.output.write("Orders\n")
/// } catch {
///   // error.isBrokenPipe: the reader left on purpose (`| head -1`)
/// }
/// ```
///
/// Threading: `Sendable`; each call writes its text whole unless a write fails, and calls from
/// several threads may interleave between their `write(2)`s.
public nonisolated struct StandardStream: Sendable {
  /// Standard output.
  public static let output = StandardStream(descriptor: STDOUT_FILENO)
  /// Standard error.
  public static let error = StandardStream(descriptor: STDERR_FILENO)

  private let descriptor: Int32

  /// Writes all of `text` unbuffered, so that output written before a crash is not lost and the
  /// two streams stay in order; throws with the reason of the write that failed.
  public func write(_ text: String) throws(OutputLost) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      // SAFETY: `offset < count`, so the pointer and length stay inside the array's buffer,
      // which is not empty and is valid inside the closure.
      let count = bytes.withUnsafeBytes {
        Foundation.write(descriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      if count < 0 && errno == EINTR { continue }
      if count < 0 { throw OutputLost(code: errno) }
      if count == 0 { throw OutputLost(code: EIO) }
      offset += count
    }
  }
}

/// Why output could not be written: the `errno` of the failed write.
public nonisolated struct OutputLost: Error, Equatable, CustomStringConvertible {
  /// The `errno` of the write that failed.
  public let code: Int32

  /// A broken pipe means the reader left on purpose (`| head -1`): there is nothing to tell.
  public var isBrokenPipe: Bool { code == EPIPE }

  /// What a program prints about it: "could not write the output: " and the system's reason.
  public var description: String {
    "could not write the output: \(String(cString: strerror(code)))"
  }
}
