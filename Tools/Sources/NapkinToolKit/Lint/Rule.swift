/// A lint rule: the identifier printed with its findings, and the check that finds them (each
/// finding carries its message and the words of its fix). Each rule is one type, listed once,
/// in ``Linter/rules``: lint runs the checks, and fix the edits of the ``EditingRule``s.
protocol LintRule: Sendable {
  /// The identifier printed with each finding.
  static var id: Finding.Rule { get }
  /// False for a rule only `napkin fix` acts on, whose finding the compiler already reports.
  var isLinted: Bool { get }
  func check(_ context: LintContext) -> [Finding]
}

extension LintRule {
  var id: Finding.Rule { Self.id }
  var isLinted: Bool { true }

  /// A finding of this rule: the one place a finding gets its rule's identifier.
  func finding(
    at position: SourcePosition, message: String, fix: String, components: [String] = []
  ) -> Finding {
    Finding(rule: id, position: position, message: message, fix: fix, components: components)
  }
}

/// A rule `napkin fix` answers with an edit at the declaration a finding names (a word such as
/// `nonisolated`); the pass-throughs and edge files, which span files, fix plans itself.
protocol EditingRule: LintRule {
  /// The edit that answers `finding` in its file; nil when the declaration is not where the
  /// finding says (the file changed).
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit?
}

/// What the checks of one run share, each computed once on first use.
final class LintContext {
  let wiring: Wiring
  let classes: ClassIndex
  let componentNames: Set<String>
  /// The `shared` properties of every component, which several rules judge.
  let sharedProperties: [(component: String, property: PropertyFact)]
  /// The bodies in components that call `shared` with its default `#function` key.
  let componentSharedScopes: [SharedScopeFact]
  private(set) lazy var passThroughs = Linter.passThroughAnalysis(wiring)

  init(_ wiring: Wiring) {
    self.wiring = wiring
    classes = ClassIndex(wiring)
    let componentNames = Set(wiring.components.map(\.name))
    self.componentNames = componentNames
    sharedProperties = wiring.components.flatMap { component in
      component.properties.filter { $0.kind == .shared }.map { (component.name, $0) }
    }
    componentSharedScopes = wiring.files.flatMap(\.sharedScopes).filter {
      componentNames.contains($0.enclosingType)
    }
  }
}
