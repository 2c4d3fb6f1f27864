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

// MARK: Wiring

extension Finding.Rule {
  static let storedVariable: Self = "stored-var"
  static let sharedInMethodWithParameters: Self = "shared-in-method-with-parameters"
  static let sharedCalledTwice: Self = "shared-called-twice"
  static let unconformedDependency: Self = "unconformed-dependency"
  static let unusedPassThrough: Self = "unused-pass-through"
  static let parentCycle: Self = "parent-cycle"
  static let lifecycleInInitializer: Self = "lifecycle-in-initializer"
  static let childRouterDroppedAttached: Self = "child-router-dropped-attached"
}

struct StoredVariableRule: LintRule {
  let id = Finding.Rule.storedVariable
  func check(_ context: LintContext) -> [Finding] { Linter.storedVariables(context.wiring) }
}

struct SharedInMethodWithParametersRule: LintRule {
  let id = Finding.Rule.sharedInMethodWithParameters
  func check(_ context: LintContext) -> [Finding] {
    context.keyCollisions.filter { $0.rule == id }
  }
}

struct SharedCalledTwiceRule: LintRule {
  let id = Finding.Rule.sharedCalledTwice
  func check(_ context: LintContext) -> [Finding] {
    context.keyCollisions.filter { $0.rule == id }
  }
}

struct UnconformedDependencyRule: LintRule {
  let id = Finding.Rule.unconformedDependency
  func check(_ context: LintContext) -> [Finding] {
    Linter.unconformedDependencies(context.wiring)
  }
}

struct UnusedPassThroughRule: LintRule {
  let id = Finding.Rule.unusedPassThrough
  func check(_ context: LintContext) -> [Finding] { Linter.unusedPassThroughs(context.wiring) }
}

struct ParentCycleRule: LintRule {
  let id = Finding.Rule.parentCycle
  func check(_ context: LintContext) -> [Finding] { Linter.parentCycles(context.wiring) }
}

struct LifecycleInInitializerRule: LintRule {
  let id = Finding.Rule.lifecycleInInitializer
  func check(_ context: LintContext) -> [Finding] {
    Linter.lifecycleInInitializers(context.wiring)
  }
}

struct ChildRouterDroppedAttachedRule: LintRule {
  let id = Finding.Rule.childRouterDroppedAttached
  func check(_ context: LintContext) -> [Finding] {
    Linter.childRoutersDroppedAttached(context.wiring)
  }
}

// MARK: Shared instances

extension Finding.Rule {
  static let sharedCycle: Self = "shared-cycle"
  static let sharedHoldsUnit: Self = "shared-holds-builder-or-router"
  static let sharedNotSendable: Self = "shared-not-sendable"
  static let sharedCapturesComponent: Self = "shared-captures-component"
}

struct SharedCycleRule: LintRule {
  let id = Finding.Rule.sharedCycle
  func check(_ context: LintContext) -> [Finding] { Linter.sharedCycles(context.wiring) }
}

struct SharedHoldsUnitRule: LintRule {
  let id = Finding.Rule.sharedHoldsUnit
  func check(_ context: LintContext) -> [Finding] {
    Linter.sharedUnits(context.wiring, context.classes)
  }
}

struct SharedNotSendableRule: LintRule {
  let id = Finding.Rule.sharedNotSendable
  func check(_ context: LintContext) -> [Finding] {
    Linter.sharedNonSendables(context.wiring, context.classes)
  }
}

struct SharedCapturesComponentRule: LintRule {
  let id = Finding.Rule.sharedCapturesComponent
  func check(_ context: LintContext) -> [Finding] {
    Linter.sharedCapturesComponent(context.wiring, context.classes)
  }
}

// MARK: Pass-throughs and edges

extension Finding.Rule {
  static let missingPassThrough: Self = "missing-pass-through"
  static let requirementNotProvided: Self = "requirement-not-provided"
  static let edgeNotConformed: Self = "edge-not-conformed"
}

/// Fix writes these itself (``SourceFixer/plans(_:)``): pass-throughs in several files, and the
/// edge file.
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
