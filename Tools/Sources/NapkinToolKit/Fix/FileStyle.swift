/// How a file is written, read from its bytes, so that what `napkin fix` adds looks like the
/// rest of it: the indentation one level adds (spaces of the file's width, or a tab) and the
/// line ending (LF, or CRLF in a file that has them).
struct FileStyle: Hashable, Sendable {
  /// One level of indentation: `"  "`, `"    "` or `"\t"`.
  var indentUnit: String
  /// `"\n"` or `"\r\n"`.
  var lineEnding: String

  /// The style of a file with nothing indented: two spaces (the committed `.swift-format`), LF.
  static let standard = FileStyle(indentUnit: "  ", lineEnding: "\n")
}

// In an extension, so that the memberwise initializer stays.
extension FileStyle {
  /// The style `bytes` are written in. The unit is the greatest common divisor of the widths of
  /// the space-indented lines (a continuation line indented by an odd amount does not halve it),
  /// or a tab when most indented lines start with one.
  init(of bytes: [UInt8]) {
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let crlf = lines.dropLast().filter { $0.last == UInt8(ascii: "\r") }.count
    lineEnding = crlf > lines.count - 1 - crlf ? "\r\n" : "\n"
    var tabs = 0
    var widths: [Int: Int] = [:]
    // A line's indentation counts only when something but its line ending follows it.
    for line in lines {
      let indent = line.prefix(while: SourceEdit.isBlank)
      guard let first = indent.first, let rest = line.dropFirst(indent.count).first,
        rest != UInt8(ascii: "\r")
      else { continue }
      if first == UInt8(ascii: "\t") {
        tabs += 1
      } else {
        widths[indent.count, default: 0] += 1
      }
    }
    if tabs > widths.values.reduce(0, +) {
      indentUnit = "\t"
      return
    }
    // Widths seen more than once decide; one odd continuation line does not.
    let common = widths.filter { $0.value > 1 || widths.count == 1 }.keys
    var unit = common.reduce(0, Self.gcd)
    if unit < 2 { unit = widths.keys.min() ?? 2 }
    indentUnit = String(repeating: " ", count: min(max(unit, 1), 8))
  }

  private static func gcd(_ a: Int, _ b: Int) -> Int {
    b == 0 ? a : gcd(b, a % b)
  }
}
