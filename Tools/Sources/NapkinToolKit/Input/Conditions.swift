import SwiftSyntax

/// The `#if` clauses a declaration is written in, so that what `napkin fix` writes for it stands
/// under the same ones: a requirement that exists only `#if os(iOS)` is passed on only there,
/// and a package that builds on Linux still does.
struct Conditions: Hashable, Sendable {
  /// For each `#if` around the declaration, outermost first, the lines that open its clause:
  /// `["#if os(iOS)"]`, or `["#if A", "#elseif B"]` for the second clause (the first one left
  /// empty), or `["#if A", "#else"]`.
  var levels: [[String]] = []

  init() {}

  /// The clauses around `node`, up to its type's member block, or with `throughTypes` up to the
  /// file (for a call site, whose edge file stands at the top level).
  init(of node: some SyntaxProtocol, throughTypes: Bool = false) {
    var current = Syntax(node).parent
    while let node = current, throughTypes || !node.is(MemberBlockSyntax.self) {
      if let clause = node.as(IfConfigClauseSyntax.self),
        let list = clause.parent?.as(IfConfigClauseListSyntax.self)
      {
        var lines: [String] = []
        for sibling in list {
          let keyword = sibling.poundKeyword.text
          lines.append(
            sibling.condition.map { keyword + " " + $0.trimmedDescription } ?? keyword)
          if sibling.id == clause.id { break }
        }
        levels.insert(lines, at: 0)
      }
      current = node.parent
    }
  }

  /// `lines` under these clauses. A line that starts with a tab is indented one level more than
  /// the `#if`, as swift-format indents a conditional block; ``SourceEdit`` and the edge file
  /// turn each leading tab into the file's own indentation.
  func wrap(_ lines: [String]) -> [String] {
    levels.reversed().reduce(lines) { inner, opening in
      var wrapped: [String] = []
      for (index, line) in opening.enumerated() {
        wrapped.append(line)
        // Clauses before the one that holds the declaration stay empty.
        if index < opening.count - 1 { continue }
        wrapped += inner.map { "\t" + $0 }
      }
      return wrapped + ["#endif"]
    }
  }

  /// `text` (one line or several, separated by `\n`) with its leading tabs as `unit`s.
  static func indented(_ text: String, unit: String) -> [String] {
    let lines: [Substring] = text.split(separator: "\n", omittingEmptySubsequences: false)
    return lines.map { line -> String in
      let tabs = line.prefix { $0 == "\t" }.count
      return String(repeating: unit, count: tabs) + String(line.dropFirst(tabs))
    }
  }
}
