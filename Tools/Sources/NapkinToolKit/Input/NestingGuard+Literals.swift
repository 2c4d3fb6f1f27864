/// String literals, comments and single characters, for ``NestingGuard``.
extension NestingGuard {
  // MARK: Strings and comments

  /// Enters the string literal at `index`: its `#`s, then one or three quotes.
  mutating func openString() {
    let pounds = poundCount(after: index)
    index += pounds
    let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
    index += multiline ? 3 : 1
    frames.append(Frame(kind: .string(pounds: pounds, multiline: multiline)))
    lastWasOpener = false
  }

  /// Reads string content up to its end or an interpolation.
  mutating func scanString(pounds: Int, multiline: Bool) {
    let quotes = multiline ? 3 : 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\\"), poundCount(after: index + 1) >= pounds {
        index += 1 + pounds
        if peek(0) == UInt8(ascii: "(") {
          index += 1
          frames.append(Frame(kind: .interpolation))
          depth += 1
          endedOperand = false
          return
        }
        index += 1
        continue
      }
      let closes =
        byte == UInt8(ascii: "\"") && (0..<quotes).allSatisfy { peek($0) == UInt8(ascii: "\"") }
        && poundCount(after: index + quotes) >= pounds
      // An unterminated literal ends at the line, as the parser recovers.
      if closes || (byte == UInt8(ascii: "\n") && !multiline) {
        index += closes ? quotes + pounds : 0
        frames.removeLast()
        finishToken(operand: true)
        return
      }
      index += 1
    }
  }

  func poundCount(after position: Int) -> Int {
    var probe = position
    while probe < bytes.count, bytes[probe] == UInt8(ascii: "#") { probe += 1 }
    return probe - position
  }

  mutating func skipBlockComment() {
    var nesting = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
        nesting += 1
        index += 2
      } else if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
        nesting -= 1
        index += 2
        if nesting == 0 { return }
      } else {
        index += 1
      }
    }
  }

  // MARK: Characters

  func peek(_ offset: Int) -> UInt8? {
    index + offset < bytes.count ? bytes[index + offset] : nil
  }

  mutating func readWord() -> String {
    let start = index
    while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...:
      true
    default: false
    }
  }

  func refusal(at offset: Int, _ message: String) -> Refusal {
    let before = bytes[..<offset]
    let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    // Columns count characters, as the parser's diagnostics do.
    let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
    let line = before.count { $0 == UInt8(ascii: "\n") } + 1
    return Refusal(line: line, column: column, message: message)
  }
}
