/// The tokens of ``NestingGuard``'s pass: the levels each opens or closes, the prefixes and
/// generic arguments open at each level, and runs of `[`.
extension NestingGuard {
  static let prefixWords: Set<String> = [
    "try", "await", "else", "any", "some", "each", "repeat", "consume", "copy", "inout",
  ]
  static let statementWords: Set<String> = [
    "func", "var", "let", "init", "deinit", "subscript", "case", "class", "struct", "enum",
    "protocol", "extension", "actor", "typealias", "associatedtype", "import", "return", "guard",
    "for", "while", "switch", "do", "defer", "throw", "break", "continue", "if", "macro",
    "operator", "precedencegroup",
  ]

  /// Reads one token, blank or comment outside a string literal, or the first place the file is
  /// refused.
  mutating func scanToken() -> Refusal? {
    let start = index
    let byte = bytes[index]
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
      index += 1
    case UInt8(ascii: "\n"):
      index += 1
      if endedOperand { newlinePending = true }
    case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
      while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
    case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
      skipBlockComment()
    // `where` binds to the `#` alone: a `"` always opens a string.
    case UInt8(ascii: "\""),
      UInt8(ascii: "#") where peek(poundCount(after: index)) == UInt8(ascii: "\""):
      settleNewline(continues: false)
      openString()
    case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
      settleNewline(continues: false)
      index += 1
      return open(byte, at: start)
    case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
      settleNewline(continues: byte != UInt8(ascii: "}"))
      index += 1
      close(byte)
      finishToken(operand: true)
    case UInt8(ascii: ","), UInt8(ascii: ";"):
      settleNewline(continues: true)
      index += 1
      reset(prefixes: true, angles: byte == UInt8(ascii: ";"))
      finishToken(operand: false)
    case UInt8(ascii: "#"):
      settleNewline(continues: false)
      index += 1
      return directive(readWord(), at: start)
    case UInt8(ascii: "`"):
      settleNewline(continues: false)
      index += 1
      while index < bytes.count, bytes[index] != UInt8(ascii: "`"), bytes[index] != 10 {
        index += 1
      }
      index += 1
      lastWord = ""
      finishToken(operand: true)
    case _ where Self.isWordByte(byte):
      return word(readWord(), at: start)
    default:
      return operatorRun(at: start)
    }
    return nil
  }

  mutating func finishToken(operand: Bool) {
    endedOperand = operand
    lastWasOpener = false
  }

  /// A pending newline ends the statement unless this token continues it (a member access, an
  /// operator, `else`).
  mutating func settleNewline(continues: Bool) {
    guard newlinePending else { return }
    newlinePending = false
    if !continues { reset(prefixes: true, angles: true) }
  }

  /// Closes the innermost level's prefixes, its generic arguments, or both.
  mutating func reset(prefixes: Bool, angles: Bool) {
    let frame = top
    depth -= (prefixes ? frame.prefixes : 0) + (angles ? frame.angles : 0)
    if prefixes { frames[frames.count - 1].prefixes = 0 }
    if angles { frames[frames.count - 1].angles = 0 }
  }

  /// One level more, opened by the token at `start`, which awaits an operand.
  mutating func deepen(at start: Int) -> Refusal? {
    endedOperand = false
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
      reset(prefixes: false, angles: true)
      bracketRun = 0
    } else if !lastWasOpener {
      bracketRun = 0
      runStart = start
    }
    if byte == UInt8(ascii: "[") { bracketRun += 1 }
    if bracketRun > NestingGuard.maximumBracketRun {
      return refusal(
        at: runStart,
        "more than \(NestingGuard.maximumBracketRun) `[` in a row: SwiftParser's lookahead takes "
          + "twice as long for each one, so the file is not analysed. Name the inner type "
          + "with a typealias or the inner value with a `let`")
    }
    frames.append(Frame(kind: .bracket(byte)))
    lastWasOpener = byte != UInt8(ascii: "{")
    lastWord = ""
    return deepen(at: start)
  }

  /// Closes the level `byte` closes, and any left open inside it.
  mutating func close(_ byte: UInt8) {
    // In ASCII `]` and `}` come two after their openers, `)` one.
    let opener = byte - (byte == UInt8(ascii: ")") ? 1 : 2)
    while frames.count > 1 {
      let kind = popFrame()
      // The `)` of `\(` goes back to the string below.
      if kind == .bracket(opener) || kind == .interpolation { break }
    }
    lastWord = ""
  }

  /// Removes the innermost level and the levels it holds.
  @discardableResult
  mutating func popFrame() -> FrameKind {
    let frame = frames.removeLast()
    depth -= 1 + frame.prefixes + frame.angles
    return frame.kind
  }

  mutating func directive(_ word: String, at start: Int) -> Refusal? {
    finishToken(operand: false)
    switch word {
    case "if":
      frames.append(Frame(kind: .conditionalCompilation))
      return deepen(at: start)
    case "endif":
      if let found = frames.lastIndex(where: { $0.kind == .conditionalCompilation }) {
        while frames.count > found { popFrame() }
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
      frames[frames.count - 1].prefixes += 1
      return deepen(at: start)
    }
    if Self.statementWords.contains(word), !(word == "if" && previous == "else") {
      reset(prefixes: true, angles: true)
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
      return deepen(at: start)
    }
    // A postfix `?`/`!` keeps the operand; anything else, a member dot too, awaits one.
    endedOperand =
      !leadingDot && run.allSatisfy { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "!") }
    return nil
  }
}
