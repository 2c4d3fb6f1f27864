import NotebookStorage
import Synchronization
import TerminalIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command's output goes: the terminal in the program, a buffer in tests.
nonisolated struct Console: Sendable {
  var print: @Sendable (String) -> Void
  /// Prints a line on standard error, with any control character escaped.
  var printError: @Sendable (String) -> Void
  /// Standard input, at most `limit` + 1 bytes of it (so that the caller can tell that it was
  /// too long), or `nil` when it is a terminal (nothing piped); throws when it cannot be read to
  /// its end, so that part of a note is never taken for all of it.
  var readInput: @Sendable (_ limit: Int) throws(NotebookError) -> [UInt8]?
  /// Whether standard output is a terminal; `show` escapes control characters only then, so that
  /// a note piped to a file arrives byte for byte.
  var outputIsTerminal: Bool
  /// Why a line could not be written to standard output, if one could not.
  var outputFailure: @Sendable () -> String?

  /// The process's standard streams.
  static let standard = Console(
    print: { line in
      if let code = writeLine(line, to: .output) {
        // The first failure is the one to report; relaxed, as nothing else is published with it.
        _ = lostOutput.compareExchange(expected: 0, desired: code, ordering: .relaxed)
      }
    },
    printError: { line in _ = writeLine(TerminalText.escaped(line), to: .error) },
    readInput: { limit throws(NotebookError) in
      guard isatty(STDIN_FILENO) == 0 else { return nil }
      return try readStandardInput(limit: limit)
    },
    outputIsTerminal: isatty(STDOUT_FILENO) != 0,
    outputFailure: {
      let code = lostOutput.load(ordering: .relaxed)
      return code == 0 ? nil : String(cString: strerror(code))
    })
}

/// How long standard input may send nothing before `add` or `edit` gives up, changing nothing.
nonisolated let standardInputIdleLimit = Duration.seconds(600)

/// Standard input to its end (or `limit` + 1 bytes), or why it could not be read.
nonisolated func readStandardInput(
  limit: Int, from descriptor: Int32 = STDIN_FILENO, idleLimit: Duration = standardInputIdleLimit
) throws(NotebookError) -> [UInt8] {
  let (bytes, failure) = FileIO.readBounded(descriptor, limit: limit, idleLimit: idleLimit)
  guard let failure else { return bytes }
  throw .unreadableInput(
    reason: failure == ETIMEDOUT
      ? "it sent nothing for \(idleLimit) after \(bytes.count) bytes"
      : FileIO.text(of: failure))
}

/// The `errno` of the first write to standard output that failed, or 0 (no `errno` is 0). One
/// word, so an `Atomic` rather than a lock (CONTRIBUTING.md, "Locks").
private nonisolated let lostOutput = Atomic<Int32>(0)

/// Writes `line` and a newline to `stream`; returns the `errno` of a failed write.
private nonisolated func writeLine(_ line: String, to stream: StandardStream) -> Int32? {
  do {
    try stream.write(line + "\n")
    return nil
  } catch {
    return error.code
  }
}
