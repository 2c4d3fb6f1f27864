/// Reads a file's nesting before SwiftParser does, in one linear pass over its UTF-8 bytes, and
/// refuses the shapes that the parser cannot take in bounded time or stack.
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
    var scanner = NestingGuard(bytes: Array(source.utf8))
    while scanner.index < scanner.bytes.count {
      if case .string(let pounds, let multiline) = scanner.top.kind {
        scanner.scanString(pounds: pounds, multiline: multiline)
      } else if let refusal = scanner.scanToken() {
        return refusal
      }
    }
    return nil
  }

  /// What opened a level.
  enum FrameKind: Equatable {
    case file
    case bracket(UInt8)
    /// The code of `\( )` in a string; its `)` goes back to the string.
    case interpolation
    case conditionalCompilation
    /// A string literal: `pounds` is the number of `#` of a raw string.
    case string(pounds: Int, multiline: Bool)
  }

  /// A level of nesting, and the levels it holds without brackets.
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

  var top: Frame { frames[frames.count - 1] }
}
