import SwiftSyntax

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
  /// A dependency protocol without `nonisolated`: under `MainActor` default isolation its
  /// requirements are main-actor, and a component, which is nonisolated, cannot read them.
  func check(_ context: LintContext) -> [Finding] {
    let wiring = context.wiring
    return wiring.dependencyProtocols.sorted().compactMap { name in
      guard let declared = wiring.protocols[name], declared.isolation == .unstated else {
        return nil
      }
      let requirement = declared.requirements.first ?? "x"
      return Finding(
        rule: .dependencyNotNonisolated,
        position: declared.position,
        message: "dependency protocol `\(name)` does not say `nonisolated`: in a target whose "
          + "default isolation is `MainActor` (a new Xcode 26 app), its requirements are "
          + "main-actor, and a component reading them fails with \"main actor-isolated property "
          + "'\(requirement)' can not be referenced from a nonisolated context\"",
        fix: "write `nonisolated protocol \(name)`; SwiftPM's default mode accepts it too",
        components: []
      )
    }
  }
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit? {
    file.index.protocols[file.key(finding)].map(Self.nonisolatedProtocol)
  }

  /// `nonisolated` right before `protocol`, after any other modifier.
  private static func nonisolatedProtocol(_ declared: ProtocolDeclSyntax) -> (
    [SourceEdit], String
  ) {
    (
      [SyntaxFixes.insertion("nonisolated ", before: declared.protocolKeyword)],
      "wrote `nonisolated protocol \(declared.name.text)`"
    )
  }
}

struct BuilderEdgeNotMainActorRule: EditingRule {
  let id = Finding.Rule.builderEdgeNotMainActor
  func check(_ context: LintContext) -> [Finding] {
    context.componentIsolation.filter { $0.rule == id }
  }
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit? {
    file.index.variables[file.key(finding)].map(Self.mainActorBuilder)
  }

  /// `@MainActor` before the builder property's declaration, its other attributes included.
  private static func mainActorBuilder(_ variable: VariableDeclSyntax) -> ([SourceEdit], String) {
    let name =
      variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? ""
    return (
      [SyntaxFixes.insertion("@MainActor ", before: variable)], "wrote `@MainActor` on `\(name)`"
    )
  }
}

struct ComponentExtensionNotNonisolatedRule: EditingRule {
  let id = Finding.Rule.componentExtensionNotNonisolated
  func check(_ context: LintContext) -> [Finding] {
    context.componentIsolation.filter { $0.rule == id }
  }
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit? {
    file.index.extensions[file.key(finding)].map {
      Self.nonisolatedExtension($0, in: file.bytes, style: file.style)
    }
  }

  /// `nonisolated` right before `extension`. A main-actor extension gives its global actor
  /// attribute up, and the builder properties inside, which must stay main-actor, each get
  /// `@MainActor` of their own: what the lint finding's fix says.
  private static func nonisolatedExtension(
    _ declared: ExtensionDeclSyntax,
    in bytes: [UInt8],
    style: FileStyle
  ) -> ([SourceEdit], String) {
    let name = TypeNames.extendedName(declared)
    var edits = [SyntaxFixes.insertion("nonisolated ", before: declared.extensionKeyword)]
    let actors = declared.attributes.compactMap { $0.as(AttributeSyntax.self) }
      .filter(SyntaxFixes.isGlobalActor)
    guard !actors.isEmpty else { return (edits, "wrote `nonisolated extension \(name)`") }
    edits += actors.map { SyntaxFixes.removal($0, in: bytes, style: style) }
    var builders: [String] = []
    for variable in FactCollector.variables(in: declared.memberBlock.members) {
      let isActorIsolated = variable.attributes.contains {
        $0.as(AttributeSyntax.self).map(SyntaxFixes.isGlobalActor) ?? false
      }
      let isStatic = variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
      guard !isActorIsolated, !isStatic else { continue }
      let isVariable = variable.bindingSpecifier.tokenKind == .keyword(.var)
      let names = variable.bindings.filter {
        PropertyClassifier.kind(of: $0, isVariable: isVariable) == .builder
      }.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
      guard !names.isEmpty else { continue }
      edits.append(SyntaxFixes.insertion("@MainActor ", before: variable))
      builders += names
    }
    let words = actors.map { "`" + $0.trimmedDescription + "`" }.joined(separator: " and ")
    let moved =
      builders.isEmpty
      ? "" : ", and `@MainActor` on " + builders.map { "`\($0)`" }.joined(separator: ", ")
    return (edits, "wrote `nonisolated extension \(name)` in place of \(words)\(moved)")
  }
}
