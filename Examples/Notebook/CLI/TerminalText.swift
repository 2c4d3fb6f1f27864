/// Text from outside (notes, possibly synced from another machine; device names; paths) made safe
/// to print on a terminal: control characters become visible escapes, so no note can clear the
/// screen, retitle the window, write the clipboard (OSC 52) or overwrite a line with `\r`.
///
/// ```swift
/// TerminalText.escaped("a\u{1B}]52;c;aGk=\u{07}b")  // "a\u{1B}]52;c;aGk=\u{07}b" as visible text
/// ```
enum TerminalText {
  /// `text` with every C0 and C1 control character, DEL and bidirectional override shown as an
  /// escape (`\r`, `\t`, `\n`, `\u{1B}`); with `keepingLineBreaks`, newlines and tabs pass.
  static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n" where keepingLineBreaks, "\t" where keepingLineBreaks:
        result.unicodeScalars.append(scalar)
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where needsEscape(scalar):
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default:
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    // Bidirectional embeddings, overrides and isolates reorder what follows them on screen.
    case 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }
}
