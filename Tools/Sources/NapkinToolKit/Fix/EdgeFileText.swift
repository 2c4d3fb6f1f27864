import Foundation

/// The edge file `napkin fix` writes for a parent that builds a child with `self` but does not
/// conform to its dependency protocol: `Parent+Child.swift` beside the parent, the convention
/// `napkin new` follows, with the parent's imports and the style of the parent's file.
enum EdgeFileText {
  /// The file's text: the parent file's imports (under their `#if`s), then the nonisolated
  /// conforming extension with `members` (the pass-throughs the child needs), under the `#if`s
  /// of the call site, indented and ended as the parent's file is.
  static func bytes(
    _ edge: EdgeFile, members: [String], imports: [ImportFact], template: [UInt8]
  ) -> [UInt8] {
    let style = FileStyle(of: template)
    var lines: [String] = []
    var seen: Set<ImportFact> = []
    let unique = imports.filter { seen.insert($0).inserted }
    lines += unique.filter { $0.conditions.levels.isEmpty }.map(\.line).sorted()
    // Conditional imports keep their `#if`, one block per condition, in the parent's order.
    let conditional = unique.filter { !$0.conditions.levels.isEmpty }
    var wrapped: Set<Conditions> = []
    for conditions in conditional.map(\.conditions) where wrapped.insert(conditions).inserted {
      lines += conditions.wrap(conditional.filter { $0.conditions == conditions }.map(\.line))
    }
    if !lines.isEmpty { lines.append("") }
    let comment = "/// The edge to \(edge.napkin): \(edge.parent) builds \(edge.child) with `self`."
    let opening =
      "nonisolated extension \(edge.parent): \(edge.protocols.joined(separator: " & "))"
    let indented = members.flatMap { $0.split(separator: "\n").map { "\t" + $0 } }
    lines += edge.conditions.wrap(
      [comment] + (members.isEmpty ? [opening + " {}"] : [opening + " {"] + indented + ["}"]))
    let text = lines.flatMap { Conditions.indented($0, unit: style.indentUnit) }
      .map { $0 + style.lineEnding }.joined()
    return Array(text.utf8)
  }

  /// Creates `path` with `bytes`, never over an existing file or through a link: a file already
  /// there is the user's, and fix leaves it alone.
  static func create(_ path: String, bytes: [UInt8]) throws(UsageError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      if errno == EEXIST {
        throw UsageError(
          message: "a file is already there; write the conformance in it by hand, or move it")
      }
      throw UsageError(message: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    if let code = Descriptor.writeAll(bytes, to: descriptor) {
      unlink(path)
      throw UsageError(message: String(cString: strerror(code)))
    }
  }
}
