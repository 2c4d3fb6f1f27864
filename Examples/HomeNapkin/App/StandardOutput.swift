import Foundation

/// Where the program writes: standard output or standard error, written with `write(2)` so that
/// a write that fails is an error the program handles, not a crash.
///
/// A full disk (`>/dev/full`), a closed descriptor (`>&-`) or a pipe whose reader left (with
/// `SIGPIPE` ignored) make ``write(_:)`` throw ``OutputLost``; the shell then stops and the program
/// exits with status 1. `FileHandle.write(_:)` would have stopped the program with a `try!`.
///
/// Threading: main actor, where the shell runs.
@MainActor
struct StandardOutput {
  let descriptor: Int32

  static let output = StandardOutput(descriptor: STDOUT_FILENO)
  static let error = StandardOutput(descriptor: STDERR_FILENO)

  /// Writes all of `text`, or throws with the reason of the write that failed.
  func write(_ text: String) throws(OutputLost) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        throw OutputLost(code: errno)
      }
      bytes = bytes.dropFirst(written)
    }
  }
}

/// Why the output could not be written: the `errno` of the failed write.
struct OutputLost: Error, Equatable, CustomStringConvertible {
  let code: Int32

  /// A broken pipe means the reader left on purpose (`| head -1`): there is nothing to tell.
  var isBrokenPipe: Bool { code == EPIPE }

  var description: String { "could not write the output: \(String(cString: strerror(code)))" }
}
