import SwiftSyntax

// The rules of the isolation words, and of the restated conformance: each answered by fix with a
// word written at the declaration its finding names.

struct DependencyNotNonisolatedRule: EditingRule {
  static let id: Finding.Rule = "dependency-not-nonisolated"
  /// A dependency protocol without `nonisolated`: under `MainActor` default isolation its
  /// requirements are main-actor, and a component, which is nonisolated, cannot read them.
  func check(_ context: LintContext) -> [Finding] {
    let wiring = context.wiring
    return wiring.dependencyProtocols.sorted().compactMap { name in
      guard let declared = wiring.protocols[name], declared.isolation == .unstated else {
        return nil
      }
      let requirement = declared.requirements.first ?? "x"
      return finding(
        at: declared.position,
        message: "dependency protocol `\(name)` does not say `nonisolated`: in a target whose "
          + "default isolation is `MainActor` (a new Xcode 26 app), its requirements are "
          + "main-actor, and a component reading them fails with \"main actor-isolated property "
          + "'\(requirement)' can not be referenced from a nonisolated context\"",
        fix: "write `nonisolated protocol \(name)`; SwiftPM's default mode accepts it too"
      )
    }
  }
  /// `nonisolated` right before `protocol`, after any other modifier.
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit? {
    file.declaration(at: finding) { $0.as(ProtocolDeclSyntax.self) }.map {
      (
        [SyntaxFixes.insertion("nonisolated ", before: $0.protocolKeyword)],
        "wrote `nonisolated protocol \($0.name.text)`"
      )
    }
  }
}

struct BuilderEdgeNotMainActorRule: EditingRule {
  static let id: Finding.Rule = "builder-edge-not-main-actor"
  /// Builders, routers and views are main-actor: a member of a component (in its class or an
  /// extension) that builds one must be too. Without the word it compiles in an Xcode 26 target
  /// only, where the default isolation supplies it.
  func check(_ context: LintContext) -> [Finding] {
    let classes = context.classes
    let members = context.wiring.files.flatMap { file in
      file.classes.filter { $0.isolation != .globalActor }.map { ($0.name, $0.properties) }
        + file.extensions.filter { $0.isolation != .globalActor }.map {
          ($0.extendedType, $0.properties)
        }
    }
    return members.filter { context.componentNames.contains($0.0) }.flatMap {
      component, properties in
      properties.compactMap { property in
        guard !property.isActorIsolated else { return nil }
        let built =
          property.kind == .shared ? property.reads.factoryType : property.constructedType
        let isBuilder = property.kind == .builder || built.map(classes.isBuilder) == true
        guard isBuilder || built.map(classes.isMainActor) == true else { return nil }
        let what =
          isBuilder
          ? "builder property `\(property.name)` of \(component) is not `@MainActor`: builders "
            + "are main-actor"
          : "`\(property.name)` of \(component) builds \(built ?? ""), which is main-actor, but "
            + "is not `@MainActor`"
        return finding(
          at: property.position,
          message: what + ", so in SwiftPM's default mode creating one here fails with \"call "
            + "to main actor-isolated initializer 'init(...)' in a synchronous nonisolated "
            + "context\"",
          fix: "write `@MainActor` on the property, or on an extension that holds only such "
            + "members",
          components: [component]
        )
      }
    }
  }
  /// `@MainActor` before the builder property's declaration, its other attributes included.
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit? {
    file.declaration(at: finding) { $0.as(VariableDeclSyntax.self) }.map {
      (
        [SyntaxFixes.insertion("@MainActor ", before: $0)],
        "wrote `@MainActor` on `\(SyntaxFixes.name(of: $0))`"
      )
    }
  }
}

struct ComponentExtensionNotNonisolatedRule: EditingRule {
  static let id: Finding.Rule = "component-extension-not-nonisolated"
  /// An extension that conforms a component to a dependency protocol, or adds what a child reads
  /// (a pass-through, a shared or fresh instance), is nonisolated like the component itself.
  func check(_ context: LintContext) -> [Finding] {
    context.wiring.files.flatMap(\.extensions).compactMap { declared in
      guard context.componentNames.contains(declared.extendedType),
        declared.isolation != .nonisolated
      else { return nil }
      // Any protocol: a conformance in a plain extension is main-actor in Xcode 26's mode, and
      // the compiler's fix-it (isolate the conformance) is refused for a Sendable type.
      let conformed = declared.conformances
      let provided = declared.properties.filter { $0.kind != .builder && !$0.isActorIsolated }
      guard !conformed.isEmpty || !provided.isEmpty else { return nil }
      let what =
        conformed.isEmpty
        ? "adds `\(provided[0].name)`"
        : "conforms it to `\(conformed.joined(separator: "`, `"))`"
      let word =
        declared.isolation == .globalActor ? "is main-actor" : "does not say `nonisolated`"
      return finding(
        at: declared.position,
        message: "an extension of \(declared.extendedType) \(what) but \(word): in a target "
          + "whose default isolation is `MainActor`, its members are main-actor and the "
          + "conformance \"crosses into main actor-isolated code\", while components are read "
          + "from any thread",
        fix: "write `nonisolated extension \(declared.extendedType)`, and `@MainActor` on the "
          + "builder properties inside it",
        components: [declared.extendedType]
      )
    }
  }
  /// `nonisolated` right before `extension`. A main-actor extension gives its global actor
  /// attribute up, and the builder properties inside, which must stay main-actor, each get
  /// `@MainActor` of their own: what the lint finding's fix says.
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit? {
    guard let declared = file.declaration(at: finding, { $0.as(ExtensionDeclSyntax.self) }) else {
      return nil
    }
    let name = TypeNames.extendedName(declared)
    var edits = [SyntaxFixes.insertion("nonisolated ", before: declared.extensionKeyword)]
    let actors = SyntaxFixes.globalActors(declared.attributes)
    guard !actors.isEmpty else { return (edits, "wrote `nonisolated extension \(name)`") }
    edits += actors.map { SyntaxFixes.removal($0, in: file.bytes, style: file.style) }
    var builders: [String] = []
    for variable in FactCollector.variables(in: declared.memberBlock.members) {
      let isStatic = variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
      guard SyntaxFixes.globalActors(variable.attributes).isEmpty, !isStatic else { continue }
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
