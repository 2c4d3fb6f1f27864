/// The one pass of ``NestingGuard``: a scanner over a file's UTF-8 bytes that tracks nesting
/// levels, the prefixes and generic arguments open at each, and runs of `[`.
struct NestingScanner {
  typealias Refusal = NestingGuard.Refusal

  enum FrameKind: Equatable {
    case file
    case bracket(UInt8)
    /// The code of `\( )` in a string; its `)` goes back to the string.
    case interpolation
    case conditionalCompilation
    /// A string literal: `pounds` is the number of `#` of a raw string.
    case string(pounds: Int, multiline: Bool)
  }

  struct Frame {
    var kind: FrameKind
    /// Prefixes and arrows met since this level's last statement or list boundary.
    var prefixes = 0
    /// Generic argument lists open at this level.
    var angles = 0
  }

  let bytes: [UInt8]
  var index = 0
  var frames = [Frame(kind: .file)]
  /// Every frame but the file's, plus every frame's prefixes and angles.
  var depth = 0
  var bracketRun = 0
  var runStart = 0
  /// The last token ended an operand (an identifier, a literal, a closing bracket).
  var endedOperand = false
  var lastWasOpener = false
  var lastWord = ""
  /// A newline after an operand ends the statement, unless the next token continues it.
  var newlinePending = false

  static let prefixWords: Set<String> = [
    "try", "await", "else", "any", "some", "each", "repeat", "consume", "copy", "inout",
  ]
  static let statementWords: Set<String> = [
    "func", "var", "let", "init", "deinit", "subscript", "case", "class", "struct", "enum",
    "protocol", "extension", "actor", "typealias", "associatedtype", "import", "return", "guard",
    "for", "while", "switch", "do", "defer", "throw", "break", "continue", "if", "macro",
    "operator", "precedencegroup",
  ]

  // MARK: Scanning

  mutating func scan() -> Refusal? {
    while index < bytes.count {
      if case .string(let pounds, let multiline) = frames[frames.count - 1].kind {
        scanString(pounds: pounds, multiline: multiline)
        continue
      }
      if let refusal = scanToken() {
        return refusal
      }
    }
    return nil
  }

  mutating func scanToken() -> Refusal? {
    let byte = bytes[index]
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
      index += 1
      return nil
    case UInt8(ascii: "\n"):
      index += 1
      if endedOperand { newlinePending = true }
      return nil
    case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
      while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
      return nil
    case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
      skipBlockComment()
      return nil
    default:
      break
    }
    let start = index
    if byte == UInt8(ascii: "\"") || (byte == UInt8(ascii: "#") && startsRawString()) {
      settleNewline(continues: false)
      openString()
      return nil
    }
    switch byte {
    case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
      settleNewline(continues: false)
      index += 1
      return open(byte, at: start)
    case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
      settleNewline(continues: byte != UInt8(ascii: "}"))
      index += 1
      close(byte)
      finishToken(operand: true)
      return nil
    case UInt8(ascii: ","), UInt8(ascii: ";"):
      settleNewline(continues: true)
      index += 1
      resetPrefixes()
      if byte == UInt8(ascii: ";") { resetAngles() }
      finishToken(operand: false)
      return nil
    case UInt8(ascii: "#"):
      settleNewline(continues: false)
      index += 1
      let word = readWord()
      return directive(word, at: start)
    case UInt8(ascii: "`"):
      settleNewline(continues: false)
      index += 1
      while index < bytes.count, bytes[index] != UInt8(ascii: "`"), bytes[index] != 10 {
        index += 1
      }
      index += 1
      lastWord = ""
      finishToken(operand: true)
      return nil
    default:
      break
    }
    if Self.isWordByte(byte) {
      let word = readWord()
      return self.word(word, at: start)
    }
    return operatorRun(at: start)
  }

  var top: Frame { frames[frames.count - 1] }

  mutating func finishToken(operand: Bool) {
    endedOperand = operand
    lastWasOpener = false
  }

  /// A pending newline ends the statement unless this token continues it (a member access, an
  /// operator, `else`).
  mutating func settleNewline(continues: Bool) {
    guard newlinePending else { return }
    newlinePending = false
    if !continues {
      resetPrefixes()
      resetAngles()
    }
  }

  mutating func resetPrefixes() {
    depth -= top.prefixes
    frames[frames.count - 1].prefixes = 0
  }

  mutating func resetAngles() {
    depth -= top.angles
    frames[frames.count - 1].angles = 0
  }

  mutating func deepen(at start: Int) -> Refusal? {
    depth += 1
    guard depth > NestingGuard.maximumDepth else { return nil }
    return refusal(
      at: start,
      "nested more than \(NestingGuard.maximumDepth) levels deep (brackets, generic arguments, "
        + "`try`/`await`, `->`, `else if` chains), more than SwiftParser reads safely; the file "
        + "is not analysed. Split the expression or type, or name its inner parts")
  }

  mutating func open(_ byte: UInt8, at start: Int) -> Refusal? {
    if byte == UInt8(ascii: "{") {
      resetAngles()
      bracketRun = 0
    } else if !lastWasOpener {
      bracketRun = 0
      runStart = start
    }
    if byte == UInt8(ascii: "[") {
      bracketRun += 1
      if bracketRun > NestingGuard.maximumBracketRun {
        return refusal(
          at: runStart,
          "more than \(NestingGuard.maximumBracketRun) `[` in a row: SwiftParser's lookahead takes "
            + "twice as long for each one, so the file is not analysed. Name the inner type "
            + "with a typealias or the inner value with a `let`")
      }
    }
    frames.append(Frame(kind: .bracket(byte)))
    endedOperand = false
    lastWasOpener = byte != UInt8(ascii: "{")
    lastWord = ""
    return deepen(at: start)
  }

  mutating func close(_ byte: UInt8) {
    let opener: UInt8 =
      switch byte {
      case UInt8(ascii: ")"): UInt8(ascii: "(")
      case UInt8(ascii: "]"): UInt8(ascii: "[")
      default: UInt8(ascii: "{")
      }
    while frames.count > 1 {
      let frame = frames.removeLast()
      depth -= 1 + frame.prefixes + frame.angles
      if frame.kind == .bracket(opener) { break }
      if frame.kind == .interpolation {
        // `)` of `\(`: back to the string below.
        break
      }
    }
    lastWord = ""
  }

  mutating func directive(_ word: String, at start: Int) -> Refusal? {
    finishToken(operand: false)
    switch word {
    case "if":
      frames.append(Frame(kind: .conditionalCompilation))
      return deepen(at: start)
    case "endif":
      if let found = frames.lastIndex(where: { $0.kind == .conditionalCompilation }) {
        for frame in frames[found...] {
          depth -= 1 + frame.prefixes + frame.angles
        }
        frames.removeSubrange(found...)
      }
      return nil
    default:
      // `#else`, `#elseif`, `#available`, macros: no level of their own.
      endedOperand = true
      return nil
    }
  }

  mutating func word(_ word: String, at start: Int) -> Refusal? {
    settleNewline(continues: word == "else")
    let previous = lastWord
    lastWord = word
    lastWasOpener = false
    if Self.prefixWords.contains(word) {
      endedOperand = false
      frames[frames.count - 1].prefixes += 1
      return deepen(at: start)
    }
    if Self.statementWords.contains(word), !(word == "if" && previous == "else") {
      resetPrefixes()
      resetAngles()
    }
    endedOperand = true
    return nil
  }

  mutating func operatorRun(at start: Int) -> Refusal? {
    let first = bytes[index]
    let leadingDot = first == UInt8(ascii: ".")
    index += 1
    while index < bytes.count, "/=-+!*%<>&|^~?.".utf8.contains(bytes[index]),
      leadingDot || bytes[index] != UInt8(ascii: ".")
    {
      index += 1
    }
    settleNewline(continues: true)
    let run = bytes[start..<index]
    let adjacent = endedOperand && start > 0 && !" \t\n\r".utf8.contains(bytes[start - 1])
    lastWord = ""
    lastWasOpener = false
    if run.count == 1, first == UInt8(ascii: "<"), adjacent {
      frames[frames.count - 1].angles += 1
      endedOperand = false
      return deepen(at: start)
    }
    let closers = run.drop { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "!") }
    if !closers.isEmpty, closers.allSatisfy({ $0 == UInt8(ascii: ">") }), top.angles > 0 {
      let closed = min(closers.count, top.angles)
      frames[frames.count - 1].angles -= closed
      depth -= closed
      endedOperand = true
      return nil
    }
    if run.elementsEqual("->".utf8) {
      frames[frames.count - 1].prefixes += 1
      endedOperand = false
      return deepen(at: start)
    }
    // A postfix `?`/`!` or a member dot keeps the operand; anything else awaits one.
    endedOperand = run.allSatisfy { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "!") }
    if leadingDot { endedOperand = false }
    return nil
  }
}
