/// A lint rule: the identifier printed with its findings, and the check that finds them (each
/// finding carries its message and the words of its fix). Each rule is one type, listed once,
/// in ``Rules/all``: lint runs the checks, and fix the edits of the ``EditingRule``s.
protocol LintRule: Sendable {
  /// The identifier printed with each finding.
  var id: Finding.Rule { get }
  /// False for a rule only `napkin fix` acts on, whose finding the compiler already reports.
  var isLinted: Bool { get }
  func check(_ context: LintContext) -> [Finding]
}

extension LintRule {
  var isLinted: Bool { true }
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
  private(set) lazy var keyCollisions = Linter.sharedKeyCollisions(wiring)
  private(set) lazy var componentIsolation = Linter.isolatedComponentExtensions(wiring)
  private(set) lazy var passThroughFindings = Linter.missingPassThroughFindings(wiring)

  init(_ wiring: Wiring) {
    self.wiring = wiring
    classes = ClassIndex(wiring.files)
  }
}

/// Every rule, once.
enum Rules {
  static let all: [any LintRule] = [
    StoredVariableRule(), SharedInMethodWithParametersRule(), SharedCalledTwiceRule(),
    UnconformedDependencyRule(), UnusedPassThroughRule(), SharedCycleRule(), SharedHoldsUnitRule(),
    SharedNotSendableRule(), SharedCapturesComponentRule(), DependencyNotNonisolatedRule(),
    BuilderEdgeNotMainActorRule(), ComponentExtensionNotNonisolatedRule(), ParentCycleRule(),
    LifecycleInInitializerRule(), ChildRouterDroppedAttachedRule(), MissingPassThroughRule(),
    RequirementNotProvidedRule(), EdgeNotConformedRule(), ServiceNotNonisolatedRule(),
    StaticNotNonisolatedRule(), GlobalNotNonisolatedRule(), ComponentNotRestatingSendableRule(),
  ]

  /// The rule named `id`.
  static func rule(_ id: Finding.Rule) -> (any LintRule)? {
    all.first { $0.id == id }
  }
}
