/// The lint rules, run over a resolved ``Wiring``.
enum Linter {
  static func findings(in wiring: Wiring) -> [Finding] {
    let context = LintContext(wiring)
    let findings = Rules.all.filter(\.isLinted).flatMap { $0.check(context) }
    return findings.sorted { ($0.position, $0.rule.rawValue) < ($1.position, $1.rule.rawValue) }
  }
}
