/// A place in a source file, as people and editors read it: 1-based line and column.
struct SourcePosition: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  var file: String
  var line: Int
  var column: Int

  /// The file's name escaped (``TerminalText/name(_:)``): no file name can start a line.
  var description: String { "\(TerminalText.name(file)):\(line):\(column)" }

  static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
  }
}
