/// Reads a file's nesting before SwiftParser does, in one linear pass, and refuses the shapes
/// that the parser cannot take in bounded time or stack.
///
/// Two shapes are refused:
/// - **Depth.** SwiftParser and every syntax visitor recurse once per level. Brackets are levels,
///   and so are the constructs the parser nests without brackets: generic arguments (`A<B<C>>`),
///   `try`/`await`/`any`/`some` prefixes, `->` in function types and `else if` chains.
///   A file deeper than ``maximumDepth`` is refused instead of overflowing the stack.
/// - **Runs of `[`.** For every `[` right after `[` or `(`, the parser's type lookahead (it probes
///   for `[N of T]` inline-array types) tries both readings of everything inside, so the time
///   doubles per `[`: 0.6 s at 18, 2.4 s at 20. A run of more than ``maximumBracketRun`` is
///   refused.
///
/// The scan knows comments, string literals (raw and multi-line, with interpolations, whose code
/// is scanned like any other) and backquoted identifiers; it over-counts rather than misses, so
/// a refusal may come a little early but never late.
struct NestingGuard {
  /// The deepest nesting read, the same as SwiftParser's own default limit for brackets.
  static let maximumDepth = 256
  /// The longest run of `[` (with `(` between them allowed) read.
  static let maximumBracketRun = 10

  /// Why a file is not parsed, and where.
  struct Refusal: Equatable, Sendable {
    var line: Int
    var column: Int
    var message: String
  }

  /// Nil if the parser can read `source` in bounded time and stack, or the first place it cannot.
  static func check(_ source: String) -> Refusal? {
    var source = source
    return source.withUTF8 { bytes in
      var scanner = NestingGuard(bytes: bytes)
      return scanner.scan()
    }
  }

  // MARK: State

  private enum FrameKind: Equatable {
    case file
    case bracket(UInt8)
    /// The code of `\( )` in a string; its `)` goes back to the string.
    case interpolation
    case conditionalCompilation
    /// A string literal: `pounds` is the number of `#` of a raw string.
    case string(pounds: Int, multiline: Bool)
  }

  private struct Frame {
    var kind: FrameKind
    /// Prefixes and arrows met since this level's last statement or list boundary.
    var prefixes = 0
    /// Generic argument lists open at this level.
    var angles = 0
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var frames = [Frame(kind: .file)]
  /// Every frame but the file's, plus every frame's prefixes and angles.
  private var depth = 0
  private var bracketRun = 0
  private var runStart = 0
  /// The last token ended an operand (an identifier, a literal, a closing bracket).
  private var endedOperand = false
  private var lastWasOpener = false
  private var lastWord = ""
  /// A newline after an operand ends the statement, unless the next token continues it.
  private var newlinePending = false

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  private static let prefixWords: Set<String> = [
    "try", "await", "else", "any", "some", "each", "repeat", "consume", "copy", "inout",
  ]
  private static let statementWords: Set<String> = [
    "func", "var", "let", "init", "deinit", "subscript", "case", "class", "struct", "enum",
    "protocol", "extension", "actor", "typealias", "associatedtype", "import", "return", "guard",
    "for", "while", "switch", "do", "defer", "throw", "break", "continue", "if", "macro",
    "operator", "precedencegroup",
  ]

  // MARK: Scanning

  private mutating func scan() -> Refusal? {
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

  private mutating func scanToken() -> Refusal? {
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

  private var top: Frame { frames[frames.count - 1] }

  private mutating func finishToken(operand: Bool) {
    endedOperand = operand
    lastWasOpener = false
  }

  /// A pending newline ends the statement unless this token continues it (a member access, an
  /// operator, `else`).
  private mutating func settleNewline(continues: Bool) {
    guard newlinePending else { return }
    newlinePending = false
    if !continues {
      resetPrefixes()
      resetAngles()
    }
  }

  private mutating func resetPrefixes() {
    depth -= top.prefixes
    frames[frames.count - 1].prefixes = 0
  }

  private mutating func resetAngles() {
    depth -= top.angles
    frames[frames.count - 1].angles = 0
  }

  private mutating func deepen(at start: Int) -> Refusal? {
    depth += 1
    guard depth > Self.maximumDepth else { return nil }
    return refusal(
      at: start,
      "nested more than \(Self.maximumDepth) levels deep (brackets, generic arguments, "
        + "`try`/`await`, `->`, `else if` chains), more than SwiftParser reads safely; the file "
        + "is not analysed. Split the expression or type, or name its inner parts")
  }

  private mutating func open(_ byte: UInt8, at start: Int) -> Refusal? {
    if byte == UInt8(ascii: "{") {
      resetAngles()
    }
    if byte == UInt8(ascii: "[") {
      if !lastWasOpener {
        bracketRun = 0
        runStart = start
      }
      bracketRun += 1
      if bracketRun > Self.maximumBracketRun {
        return refusal(
          at: runStart,
          "more than \(Self.maximumBracketRun) `[` in a row: SwiftParser's lookahead takes "
            + "twice as long for each one, so the file is not analysed. Name the inner type "
            + "with a typealias or the inner value with a `let`")
      }
    } else if byte == UInt8(ascii: "(") {
      if !lastWasOpener {
        bracketRun = 0
        runStart = start
      }
    } else {
      bracketRun = 0
    }
    frames.append(Frame(kind: .bracket(byte)))
    endedOperand = false
    lastWasOpener = byte != UInt8(ascii: "{")
    lastWord = ""
    return deepen(at: start)
  }

  private mutating func close(_ byte: UInt8) {
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

  private mutating func directive(_ word: String, at start: Int) -> Refusal? {
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

  private mutating func word(_ word: String, at start: Int) -> Refusal? {
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

  private mutating func operatorRun(at start: Int) -> Refusal? {
    let first = bytes[index]
    let leadingDot = first == UInt8(ascii: ".")
    index += 1
    while index < bytes.count, Self.isOperatorByte(bytes[index]),
      leadingDot || bytes[index] != UInt8(ascii: ".")
    {
      index += 1
    }
    settleNewline(continues: true)
    let run = bytes[start..<index]
    let adjacent = endedOperand && start > 0 && !Self.isSpace(bytes[start - 1])
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

  // MARK: Strings and comments

  private func startsRawString() -> Bool {
    var probe = index
    while probe < bytes.count, bytes[probe] == UInt8(ascii: "#") { probe += 1 }
    return probe < bytes.count && bytes[probe] == UInt8(ascii: "\"")
  }

  private mutating func openString() {
    var pounds = 0
    while bytes[index] == UInt8(ascii: "#") {
      pounds += 1
      index += 1
    }
    let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
    index += multiline ? 3 : 1
    frames.append(Frame(kind: .string(pounds: pounds, multiline: multiline)))
    lastWasOpener = false
  }

  /// Reads string content up to its end or an interpolation.
  private mutating func scanString(pounds: Int, multiline: Bool) {
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\\"), poundCount(after: index + 1) >= pounds {
        let afterPounds = index + 1 + pounds
        index = afterPounds
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
      if byte == UInt8(ascii: "\n"), !multiline {
        // An unterminated literal ends at the line, as the parser recovers.
        frames.removeLast()
        finishToken(operand: true)
        return
      }
      if byte == UInt8(ascii: "\"") {
        let quotes = multiline ? 3 : 1
        let closes =
          (0..<quotes).allSatisfy { peek($0) == UInt8(ascii: "\"") }
          && poundCount(after: index + quotes) >= pounds
        if closes {
          index += quotes + pounds
          frames.removeLast()
          finishToken(operand: true)
          return
        }
      }
      index += 1
    }
  }

  private func poundCount(after position: Int) -> Int {
    var probe = position
    while probe < bytes.count, bytes[probe] == UInt8(ascii: "#") { probe += 1 }
    return probe - position
  }

  private mutating func skipBlockComment() {
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

  private func peek(_ offset: Int) -> UInt8? {
    index + offset < bytes.count ? bytes[index + offset] : nil
  }

  private mutating func readWord() -> String {
    let start = index
    while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...:
      true
    default: false
    }
  }

  private static func isOperatorByte(_ byte: UInt8) -> Bool {
    "/=-+!*%<>&|^~?.".utf8.contains(byte)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
      || byte == UInt8(ascii: "\r")
  }

  private func refusal(at offset: Int, _ message: String) -> Refusal {
    var line = 1
    var lineStart = 0
    for position in 0..<offset where bytes[position] == UInt8(ascii: "\n") {
      line += 1
      lineStart = position + 1
    }
    // Columns count characters, as the parser's diagnostics do.
    let column =
      String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<offset]), as: UTF8.self)
      .count + 1
    return Refusal(line: line, column: column, message: message)
  }
}
