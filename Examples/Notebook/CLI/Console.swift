import Synchronization
import TerminalSafety

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command's output goes: the terminal in the program, a buffer in tests.
struct Console: Sendable {
  var print: @Sendable (String) -> Void
  /// Prints a line on standard error, with any control character escaped.
  var printError: @Sendable (String) -> Void
  /// Standard input, at most `limit` + 1 bytes of it (so that the caller can tell that it was
  /// too long), or `nil` when it is a terminal (nothing piped).
  var readInput: @Sendable (_ limit: Int) -> [UInt8]?
  /// Whether standard output is a terminal; `show` escapes control characters only then, so that
  /// a note piped to a file arrives byte for byte.
  var outputIsTerminal: Bool
  /// Why a line could not be written to standard output, if one could not.
  var outputFailure: @Sendable () -> String?

  /// The process's standard streams.
  static let standard = Console(
    print: { line in
      if let code = writeLine(line, to: .output) { lostOutput.withLock { $0 = $0 ?? code } }
    },
    printError: { line in _ = writeLine(TerminalText.escaped(line), to: .error) },
    readInput: { limit in
      guard isatty(STDIN_FILENO) == 0 else { return nil }
      return readAll(STDIN_FILENO, limit: limit)
    },
    outputIsTerminal: isatty(STDOUT_FILENO) != 0,
    outputFailure: { lostOutput.withLock { $0 }.map { String(cString: strerror($0)) } })
}

/// The `errno` of the first write to standard output that failed.
private let lostOutput = Mutex<Int32?>(nil)

/// Writes `line` and a newline to `stream`; returns the `errno` of a failed write.
private func writeLine(_ line: String, to stream: StandardStream) -> Int32? {
  do {
    try stream.write(line + "\n")
    return nil
  } catch {
    return error.code
  }
}

/// Up to `limit` + 1 bytes from `descriptor`.
private func readAll(_ descriptor: Int32, limit: Int) -> [UInt8] {
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while bytes.count <= limit {
    // SAFETY: `read` writes at most the length passed, never more than the array's own buffer,
    // valid inside the closure.
    let count = chunk.withUnsafeMutableBytes {
      read(descriptor, $0.baseAddress, min($0.count, limit + 1 - bytes.count))
    }
    if count < 0 && errno == EINTR { continue }
    if count <= 0 { break }
    bytes += chunk[0..<count]
  }
  return bytes
}
