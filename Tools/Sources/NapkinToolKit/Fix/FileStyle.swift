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

  /// The style `bytes` are written in. The unit is the greatest common divisor of the widths of
  /// the space-indented lines (a continuation line indented by an odd amount does not halve it),
  /// or a tab when most indented lines start with one.
  init(of bytes: [UInt8]) {
    var tabs = 0
    var spaces = 0
    var widths: [Int: Int] = [:]
    var crlf = 0
    var lf = 0
    var lineStart = true
    var width = 0
    var leading: UInt8?
    for (index, byte) in bytes.enumerated() {
      if byte == UInt8(ascii: "\n") {
        if index > 0, bytes[index - 1] == UInt8(ascii: "\r") { crlf += 1 } else { lf += 1 }
        lineStart = true
        width = 0
        leading = nil
        continue
      }
      guard lineStart else { continue }
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
        if leading == nil { leading = byte }
        width += 1
        continue
      }
      lineStart = false
      guard width > 0, byte != UInt8(ascii: "\r") else { continue }
      if leading == UInt8(ascii: "\t") {
        tabs += 1
      } else {
        spaces += 1
        widths[width, default: 0] += 1
      }
    }
    lineEnding = crlf > lf ? "\r\n" : "\n"
    if tabs > spaces {
      indentUnit = "\t"
      return
    }
    // Widths seen more than once decide; one odd continuation line does not.
    let common = widths.filter { $0.value > 1 || widths.count == 1 }.keys
    var unit = common.reduce(0, Self.gcd)
    if unit < 2 { unit = widths.keys.min() ?? 2 }
    indentUnit = String(repeating: " ", count: min(max(unit, 1), 8))
  }

  init(indentUnit: String, lineEnding: String) {
    self.indentUnit = indentUnit
    self.lineEnding = lineEnding
  }

  private static func gcd(_ a: Int, _ b: Int) -> Int {
    b == 0 ? a : gcd(b, a % b)
  }
}
