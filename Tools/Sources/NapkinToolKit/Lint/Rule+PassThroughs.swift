// The rules of what a child asks of its ancestors, and of the edges call sites state. Fix
// writes the answers itself (``SourceFixer/plans(_:)``): pass-throughs across files, and the edge
// file.

/// A requirement a parent lacks and an ancestor provides: a pass-through in every component
/// between.
struct MissingPassThroughRule: LintRule {
  static let id: Finding.Rule = "missing-pass-through"
  func check(_ context: LintContext) -> [Finding] {
    context.passThroughs.missing.map { missing in
      let member = missing.member
      // A member under `#if` is several lines; the finding shows it on one.
      let line = { (text: String) in
        text.replacingOccurrences(of: "\n\t", with: " ").replacingOccurrences(of: "\n", with: " ")
      }
      let requirement =
        missing.requirementProtocol.map { " and `\(line(member.requirement))` in \($0)" } ?? ""
      return finding(
        at: missing.position,
        message: "\(missing.child)'s dependency asks for `\(member.name)`, which "
          + "\(missing.provider) provides, but \(missing.parent), between them, does not pass "
          + "it on",
        fix: "add `\(line(member.declaration))` to \(missing.parent)\(requirement) "
          + (member.refusal.map { "by hand: napkin fix cannot, as " + $0 }
            ?? "(napkin fix writes it)"),
        components: [missing.parent, missing.child])
    }
  }
}

/// A requirement no ancestor provides: only a person can choose which component owns it.
struct RequirementNotProvidedRule: LintRule {
  static let id: Finding.Rule = "requirement-not-provided"
  func check(_ context: LintContext) -> [Finding] {
    context.passThroughs.unprovided.map { item in
      finding(
        at: item.position,
        message: "\(item.child)'s dependency asks for `\(item.member)`, which no ancestor "
          + "provides; searched " + item.chain.joined(separator: " -> ")
          + (item.stop.map { ": " + $0 } ?? ""),
        fix: "build it in the component that should own it (`var \(item.member): ... "
          + "{ shared { ... } }`), then run napkin fix to pass it down; napkin fix does not "
          + "choose the owner",
        components: [item.child] + item.chain)
    }
  }
}

/// A parent that builds a child with `self` without conforming to the child's dependency.
struct EdgeNotConformedRule: LintRule {
  static let id: Finding.Rule = "edge-not-conformed"
  func check(_ context: LintContext) -> [Finding] {
    Linter.unconformedEdges(context.wiring).map { parent, edge in
      let file = Linter.edgeFile(parent: parent, edge: edge)
      return finding(
        at: file.callSite,
        message: "\(parent.name) builds \(edge.child) with `self`, but does not conform to "
          + "`\(edge.protocolName)`: the compiler rejects the call (\"argument type "
          + "'\(parent.name)' does not conform to expected type '\(edge.protocols.first ?? "")'\")",
        fix: file.refusal
          ?? "write `nonisolated extension \(parent.name): \(edge.protocolName) {}` in "
          + "\(file.path.split(separator: "/").last.map(String.init) ?? file.path) (napkin fix "
          + "writes it, with the pass-throughs the child needs)",
        components: [parent.name, edge.child])
    }
  }
}
