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
  var printError: @Sendable (String) -> Void
  /// All of standard input, or `nil` when it is a terminal (nothing piped).
  var readInput: @Sendable () -> String?

  /// The process's standard streams.
  static let standard = Console(
    print: { line in writeLine(line, to: STDOUT_FILENO) },
    printError: { line in writeLine(line, to: STDERR_FILENO) },
    readInput: {
      guard isatty(STDIN_FILENO) == 0 else { return nil }
      var bytes: [UInt8] = []
      while let line = readLine(strippingNewline: false) { bytes += Array(line.utf8) }
      return String(decoding: bytes, as: UTF8.self)
    })
}

/// Writes `line` and a newline unbuffered, so that output written before a crash is not lost and
/// standard output and standard error stay in order.
private func writeLine(_ line: String, to descriptor: Int32) {
  let bytes = Array((line + "\n").utf8)
  var offset = 0
  while offset < bytes.count {
    let count = bytes.withUnsafeBytes {
      write(descriptor, $0.baseAddress! + offset, $0.count - offset)
    }
    if count < 0 && errno == EINTR { continue }
    if count <= 0 { return }
    offset += count
  }
}
