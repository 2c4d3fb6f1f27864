/// One thing `napkin lint` found: where, what is wrong, how to fix it.
struct Finding: Hashable, Sendable, Codable {
  /// A rule's identifier, printed with each of its findings (`stored-var`); each rule's type
  /// declares its own (``LintRule``).
  struct Rule: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral {
    let rawValue: String

    init(rawValue: String) { self.rawValue = rawValue }
    init(stringLiteral value: String) { rawValue = value }
  }

  var rule: Rule
  var position: SourcePosition
  var message: String
  var fix: String
  /// The components the finding is about, to mark them in `graph --format html`.
  var components: [String] = []
}
