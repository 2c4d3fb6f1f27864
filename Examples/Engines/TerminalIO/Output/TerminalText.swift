/// Text from outside a program (what a user typed or piped in, a note synced from another
/// machine, a server's reply) made safe to print on a terminal.
///
/// Control characters (C0, DEL, C1) and the bidirectional controls become visible escapes (`\r`,
/// `\n`, `\t`, `\u{1B}`), so printed text cannot clear the screen, retitle the window, write the
/// clipboard (OSC 52), overwrite a line with a carriage return or reorder what follows it. The
/// three examples share this one implementation.
///
/// ```swift
/// TerminalText.escaped("dance\u{1B}[2J")  // "dance\\u{1B}[2J"
/// ```
///
/// Threading: stateless.
public nonisolated enum TerminalText {
  /// `text` with every unsafe scalar shown as an escape.
  ///
  /// - Parameters:
  ///   - keepingLineBreaks: let newlines and tabs through, for multi-line text shown as written.
  public static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
    escaped(text, keepingLineBreaks: keepingLineBreaks, scalarLimit: .max)
  }

  /// The most of an argument a message shows: 200 Unicode scalars, then `…`.
  ///
  /// Long enough for the path of a file in a temporary or home folder, which a message must
  /// name whole to be of use; short enough that a 120 KB argument cannot flood the terminal.
  /// Counted in scalars, not characters: one character can hold any number of combining
  /// scalars, so a limit in characters bounds nothing. Escaped, a scalar is at most 10 bytes
  /// (`\u{10FFFF}`), so an echo is at most 2,003 bytes whatever the argument.
  public static let echoLimit = 200

  /// An argument (or any text the user typed) as every message of the three programs echoes
  /// it: escaped, and cut after ``echoLimit`` scalars with `…`.
  ///
  /// ```swift
  /// "unknown command `\(TerminalText.echoed(word))`"
  /// ```
  public static func echoed(_ argument: String) -> String {
    escaped(argument, keepingLineBreaks: false, scalarLimit: echoLimit)
  }

  /// `text` escaped, cut after `scalarLimit` Unicode scalars with `…`.
  private static func escaped(
    _ text: String, keepingLineBreaks: Bool, scalarLimit: Int
  ) -> String {
    var result = ""
    for (index, scalar) in text.unicodeScalars.enumerated() {
      if index == scalarLimit {
        result += "…"
        break
      }
      append(scalar, to: &result, keepingLineBreaks: keepingLineBreaks)
    }
    return result
  }

  private static func append(
    _ scalar: Unicode.Scalar, to result: inout String, keepingLineBreaks: Bool
  ) {
    switch scalar {
    case "\n" where keepingLineBreaks, "\t" where keepingLineBreaks:
      result.unicodeScalars.append(scalar)
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case "\t": result += "\\t"
    case _ where isUnsafe(scalar):
      result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    default:
      result.unicodeScalars.append(scalar)
    }
  }

  private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true  // C0, DEL, C1
    // Bidirectional marks, embeddings, overrides and isolates reorder what follows them.
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
