/// The rules of what a child asks of its ancestors, and of the edges call sites state. Fix
/// writes the answers itself (``SourceFixer/plans(_:)``): pass-throughs across files, and the edge
/// file.
extension Finding.Rule {
  static let missingPassThrough: Self = "missing-pass-through"
  static let requirementNotProvided: Self = "requirement-not-provided"
  static let edgeNotConformed: Self = "edge-not-conformed"
}

/// A requirement a parent lacks and an ancestor provides: a pass-through in every component
/// between.
struct MissingPassThroughRule: LintRule {
  let id = Finding.Rule.missingPassThrough
  func check(_ context: LintContext) -> [Finding] {
    context.passThroughFindings.filter { $0.rule == id }
  }
}

struct RequirementNotProvidedRule: LintRule {
  let id = Finding.Rule.requirementNotProvided
  func check(_ context: LintContext) -> [Finding] {
    context.passThroughFindings.filter { $0.rule == id }
  }
}

struct EdgeNotConformedRule: LintRule {
  let id = Finding.Rule.edgeNotConformed
  func check(_ context: LintContext) -> [Finding] {
    context.passThroughFindings.filter { $0.rule == id }
  }
}
