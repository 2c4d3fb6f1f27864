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
    var scanner = NestingScanner(bytes: Array(source.utf8))
    return scanner.scan()
  }
}
