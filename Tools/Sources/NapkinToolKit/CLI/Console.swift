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
    if let code = Descriptor.writeAll(Array(Self.visible(text).utf8), to: STDOUT_FILENO) {
      failure = String(cString: strerror(code))
    }
  }

  mutating func writeError(_ text: String) {
    _ = Descriptor.writeAll(Array(Self.visible(text).utf8), to: STDERR_FILENO)
  }

  static func visible(_ text: String) -> String {
    TerminalText.escaping(text, where: TerminalText.isUnsafeInOutput)
  }
}

/// Writing to an open file descriptor: the console's output, and the files `napkin fix` writes.
enum Descriptor {
  /// Writes all of `bytes` with `write(2)`, which reports EPIPE, ENOSPC and EBADF as errors where
  /// `FileHandle.write(_:)` stops the process, again after an interrupted or short write; the
  /// error number of the write that failed, or nil.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { buffer in
        // SAFETY: `write` reads at most `buffer.count` bytes from the buffer, which
        // `withUnsafeBytes` keeps alive and unchanged until the call returns; nothing keeps the
        // pointer after it.
        Foundation.write(descriptor, buffer.baseAddress, buffer.count)
      }
      if written < 0, errno == EINTR { continue }
      // A write that takes nothing would never end the loop: it fails as an I/O error.
      guard written > 0 else { return written == 0 ? EIO : errno }
      offset += written
    }
    return nil
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
    return text.unicodeScalars.map {
      isUnsafe($0) ? "\\u{" + String($0.value, radix: 16, uppercase: true) + "}" : String($0)
    }.joined()
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
