import Foundation

/// Where a command writes: standard output for results, standard error for problems. Tests
/// collect both in memory.
protocol Console {
  mutating func write(_ text: String)
  mutating func writeError(_ text: String)
}

/// The process's standard output and standard error.
///
/// Paths and names come from outside (a file can be named `\u{1B}]0;...`), so every control
/// character but newline and tab is written as a visible `\u{1B}` before it reaches a terminal.
struct StandardConsole: Console {
  mutating func write(_ text: String) {
    FileHandle.standardOutput.write(Data(Self.visible(text).utf8))
  }

  mutating func writeError(_ text: String) {
    FileHandle.standardError.write(Data(Self.visible(text).utf8))
  }

  static func visible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x09: false
    case 0x00...0x1F, 0x7F...0x9F: true
    default: false
    }
  }
}
