/// One change to a file's bytes: `removing` bytes at `offset` give way to `text`. Every edit of a
/// file is computed against the bytes as read, and all are applied at once, so that no edit has to
/// know where another moved the text.
struct SourceEdit: Hashable, Sendable {
  /// The UTF-8 offset where the edit starts, in the file as read.
  var offset: Int
  /// How many bytes from `offset` the edit removes; 0 for an insertion.
  var removing = 0
  /// What takes their place.
  var text: String

  /// `bytes` with every edit made. Edits may touch (one ends where another starts) but not
  /// overlap; insertions at the same offset keep the order they are given in.
  static func apply(_ edits: [SourceEdit], to bytes: [UInt8]) throws(UsageError) -> [UInt8] {
    var seen: Set<SourceEdit> = []
    let unique = edits.filter { seen.insert($0).inserted }
    // From the end back, so that each edit's offset still points where it was computed; the
    // stable order of equal offsets is reversed too, so that the first given ends up first.
    let ordered = unique.enumerated().sorted {
      ($0.element.offset, $0.offset) > ($1.element.offset, $1.offset)
    }.map(\.element)
    var result = bytes
    var limit = bytes.count
    for edit in ordered {
      guard edit.offset >= 0, edit.offset + edit.removing <= limit else {
        throw UsageError(message: "two fixes overlap in this file; fix it by hand, then rerun")
      }
      result.replaceSubrange(
        edit.offset..<(edit.offset + edit.removing), with: Array(edit.text.utf8))
      limit = edit.offset
    }
    return result
  }

  /// Lines added, each on a line of its own, before the closing brace at `brace`, indented one
  /// level (of the file's `style`) more than the brace's line, and ended as the file's lines
  /// are. `{}` on one line gets the brace moved to a line of its own.
  static func beforeClosingBrace(
    _ lines: [String],
    brace: Int,
    in bytes: [UInt8],
    style: FileStyle
  ) throws(UsageError) -> SourceEdit {
    guard brace < bytes.count, bytes[brace] == UInt8(ascii: "}") else {
      throw UsageError(message: "the file changed since it was read; run napkin fix again")
    }
    let start = lineStart(of: brace, in: bytes)
    let indent = indentation(ofLineAt: start, in: bytes)
    // A line of several (a member under `#if`) has its own levels, as leading tabs.
    let members = lines.flatMap { Conditions.indented($0, unit: style.indentUnit) }
      .map { indent + style.indentUnit + $0 + style.lineEnding }.joined()
    if bytes[start..<brace].allSatisfy(isBlank) {
      return SourceEdit(offset: start, text: members)
    }
    return SourceEdit(offset: brace, text: style.lineEnding + members + indent)
  }

  /// The offset where the line holding `offset` starts.
  static func lineStart(of offset: Int, in bytes: [UInt8]) -> Int {
    bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
  }

  /// The offset of the newline that ends the line holding `offset`, or the end of the file.
  static func lineEnd(of offset: Int, in bytes: [UInt8]) -> Int {
    bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
  }

  /// The spaces and tabs that start the line at `start`.
  static func indentation(ofLineAt start: Int, in bytes: [UInt8]) -> String {
    String(decoding: bytes[start...].prefix(while: isBlank), as: UTF8.self)
  }

  /// A space or a tab: what may stand beside an edit on its line without being changed.
  static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
  }
}
