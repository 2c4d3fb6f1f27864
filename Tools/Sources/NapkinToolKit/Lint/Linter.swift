/// The lint rules, run over a resolved ``Wiring``.
enum Linter {
  /// Every rule, once.
  static let rules: [any LintRule] = [
    StoredVariableRule(), SharedInMethodWithParametersRule(), SharedCalledTwiceRule(),
    UnconformedDependencyRule(), UnusedPassThroughRule(), SharedCycleRule(), SharedHoldsUnitRule(),
    SharedNotSendableRule(), SharedCapturesComponentRule(), DependencyNotNonisolatedRule(),
    BuilderEdgeNotMainActorRule(), ComponentExtensionNotNonisolatedRule(), ParentCycleRule(),
    LifecycleInInitializerRule(), ChildRouterDroppedAttachedRule(), MissingPassThroughRule(),
    RequirementNotProvidedRule(), EdgeNotConformedRule(), ServiceNotNonisolatedRule(),
    StaticNotNonisolatedRule(), GlobalNotNonisolatedRule(), ComponentNotRestatingSendableRule(),
  ]

  static func findings(in wiring: Wiring) -> [Finding] {
    let context = LintContext(wiring)
    let findings = rules.filter(\.isLinted).flatMap { $0.check(context) }
    return findings.sorted { ($0.position, $0.rule.rawValue) < ($1.position, $1.rule.rawValue) }
  }
}
