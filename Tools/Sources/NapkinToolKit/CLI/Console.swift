import Foundation

/// Where a command writes: standard output for results, standard error for problems. Tests
/// collect both in memory.
protocol Console {
  mutating func write(_ text: String)
  mutating func writeError(_ text: String)
}

/// A console that keeps what was written, for output a command decides later whether to show.
struct CollectedConsole: Console {
  var output = ""
  var errors = ""

  mutating func write(_ text: String) { output += text }
  mutating func writeError(_ text: String) { errors += text }
}

/// The process's standard output and standard error.
///
/// Paths and names come from outside (a file can be named `\u{1B}]0;...`), so every control
/// character but newline and tab, and every bidirectional control, is written as a visible
/// `\u{1B}` before it reaches a terminal: the same set the examples' `TerminalText` escapes.
struct StandardConsole: Console {
  /// The first write that failed (a closed pipe, a full disk); later output is dropped, since
  /// a result with a hole in it is worse than none.
  private(set) var failure: String?

  mutating func write(_ text: String) {
    guard failure == nil else { return }
    if let error = Self.writeAll(Self.visible(text), to: STDOUT_FILENO) {
      failure = error
    }
  }

  mutating func writeError(_ text: String) {
    _ = Self.writeAll(Self.visible(text), to: STDERR_FILENO)
  }

  /// Says on standard error why the output is missing, if standard error can still take it.
  func reportFailure(_ failure: String) {
    _ = Self.writeAll("napkin: error: cannot write the output: \(failure)\n", to: STDERR_FILENO)
  }

  /// Writes with `write(2)`, which reports EPIPE, ENOSPC and EBADF as errors where
  /// `FileHandle.write(_:)` stops the process.
  private static func writeAll(_ text: String, to descriptor: Int32) -> String? {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      // SAFETY: `write` reads at most `count` bytes from the buffer, which `withUnsafeBytes` keeps
      // alive and unchanged until the call returns; nothing keeps the pointer after it.
      let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        return String(cString: strerror(errno))
      }
      bytes = bytes.dropFirst(written)
    }
    return nil
  }

  static func visible(_ text: String) -> String {
    TerminalText.escaping(text, where: TerminalText.isUnsafeInOutput)
  }
}

/// Text from outside (a file's name, a type's name, a snapshot's key) made safe to print on a
/// line of the tool's output.
enum TerminalText {
  /// `text` with every character that could end a line or move the cursor written as a visible
  /// `\u{A}`: line breaks of every kind (LF, CR, U+0085, U+2028, U+2029), tabs, the other
  /// control characters and the bidirectional controls. A file named `a\nb.swift` is printed
  /// `a\u{A}b.swift`, so no name can start a line of its own, which a build system reading
  /// `--format diagnostics` would take for a diagnostic.
  static func name(_ text: String) -> String {
    escaping(text, where: isUnsafeInName)
  }

  /// `text` with every scalar `isUnsafe` picks written as `\u{HEX}`.
  static func escaping(_ text: String, where isUnsafe: (Unicode.Scalar) -> Bool) -> String {
    guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if isUnsafe(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// What never reaches the terminal: control characters but the newline and tab that lay out
  /// the tool's own output, and the bidirectional controls.
  static func isUnsafeInOutput(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x09: false
    case 0x00...0x1F, 0x7F...0x9F: true
    // Bidirectional marks, embeddings, overrides and isolates reorder what follows them.
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// What a name may not hold on a line: the above, newlines and tabs, and the Unicode line and
  /// paragraph separators, which some readers split lines at.
  static func isUnsafeInName(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x09, 0x2028, 0x2029: true
    default: isUnsafeInOutput(scalar)
    }
  }
}
