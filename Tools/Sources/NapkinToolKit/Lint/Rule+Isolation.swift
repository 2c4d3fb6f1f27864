/// The rules of the isolation words, and of the restated conformance: each answered by fix with a
/// word written at the declaration its finding names.
extension Finding.Rule {
  static let dependencyNotNonisolated: Self = "dependency-not-nonisolated"
  static let builderEdgeNotMainActor: Self = "builder-edge-not-main-actor"
  static let componentExtensionNotNonisolated: Self = "component-extension-not-nonisolated"
  static let serviceNotNonisolated: Self = "service-not-nonisolated"
  static let staticNotNonisolated: Self = "static-not-nonisolated"
  static let globalNotNonisolated: Self = "global-not-nonisolated"
  static let componentNotRestatingSendable: Self = "component-not-restating-sendable"
}

struct DependencyNotNonisolatedRule: EditingRule {
  let id = Finding.Rule.dependencyNotNonisolated
  func check(_ context: LintContext) -> [Finding] {
    Linter.nonisolatedDependencies(context.wiring)
  }
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit? {
    file.index.protocols[file.key(finding)].map(SyntaxFixes.nonisolatedProtocol)
  }
}

struct BuilderEdgeNotMainActorRule: EditingRule {
  let id = Finding.Rule.builderEdgeNotMainActor
  func check(_ context: LintContext) -> [Finding] {
    context.componentIsolation.filter { $0.rule == id }
  }
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit? {
    file.index.variables[file.key(finding)].map(SyntaxFixes.mainActorBuilder)
  }
}

struct ComponentExtensionNotNonisolatedRule: EditingRule {
  let id = Finding.Rule.componentExtensionNotNonisolated
  func check(_ context: LintContext) -> [Finding] {
    context.componentIsolation.filter { $0.rule == id }
  }
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit? {
    file.index.extensions[file.key(finding)].map {
      SyntaxFixes.nonisolatedExtension($0, in: file.bytes, style: file.style)
    }
  }
}

struct ServiceNotNonisolatedRule: EditingRule {
  let id = Finding.Rule.serviceNotNonisolated
  func check(_ context: LintContext) -> [Finding] {
    Linter.servicesNotNonisolated(context.wiring, context.classes)
  }
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit? {
    file.index.types[file.key(finding)].map(SyntaxFixes.nonisolatedType)
  }
}

struct StaticNotNonisolatedRule: EditingRule {
  let id = Finding.Rule.staticNotNonisolated
  func check(_ context: LintContext) -> [Finding] { Linter.staticsNotNonisolated(context.wiring) }
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit? {
    file.index.variables[file.key(finding)].map(SyntaxFixes.nonisolatedStatic)
  }
}

struct GlobalNotNonisolatedRule: EditingRule {
  let id = Finding.Rule.globalNotNonisolated
  func check(_ context: LintContext) -> [Finding] { Linter.globalsNotNonisolated(context.wiring) }
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit? {
    file.index.functions[file.key(finding)].map(SyntaxFixes.nonisolatedFunction)
  }
}

/// Not linted: the compiler already warns at the same place ("class 'X' must restate inherited
/// '@unchecked Sendable' conformance"); fix writes it, since it is boilerplate.
struct ComponentNotRestatingSendableRule: EditingRule {
  let id = Finding.Rule.componentNotRestatingSendable
  let isLinted = false
  func check(_ context: LintContext) -> [Finding] { Linter.unrestatedSendables(context.wiring) }
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit? {
    file.index.classes[file.key(finding)].flatMap {
      SyntaxFixes.restatedSendable($0, in: file.bytes, style: file.style)
    }
  }
}
