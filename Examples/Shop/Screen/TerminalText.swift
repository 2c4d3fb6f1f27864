/// Makes text from outside the program (a server's redirect address) safe to print on a terminal.
///
/// Control characters (C0, DEL, C1) and the bidirectional overrides are written as `\u{1B}`, so a
/// reply cannot clear the screen, retitle the window, write to the clipboard or reorder the line.
///
/// ```swift
/// TerminalText.escaped("/login\u{1B}]0;pwned\u{07}")  // "/login\\u{1B}]0;pwned\\u{7}"
/// ```
///
/// Threading: stateless.
enum TerminalText {
  static func escaped(_ text: String) -> String {
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

  private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true  // C0, DEL, C1
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidi controls
    default: false
    }
  }
}
