/// The isolation words a Napkin app needs so that the same code builds in SwiftPM's default mode
/// and in a new Xcode 26 app target, whose default isolation is `MainActor`. Each rule names the
/// compiler error the missing word causes in the mode where it breaks.
extension Linter {
  /// A dependency protocol without `nonisolated`: under `MainActor` default isolation its
  /// requirements are main-actor, and a component, which is nonisolated, cannot read them.
  static func nonisolatedDependencies(_ wiring: Wiring) -> [Finding] {
    wiring.dependencyProtocols.sorted().compactMap { name in
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

  /// An extension of a component that hands out a builder without `@MainActor`, or that provides
  /// dependencies without `nonisolated`.
  static func isolatedComponentExtensions(_ wiring: Wiring) -> [Finding] {
    let components = Set(wiring.components.map(\.name))
    var findings: [Finding] = []
    for file in wiring.files {
      for declared in file.extensions where components.contains(declared.extendedType) {
        findings += builderEdges(declared)
        if let finding = providingExtension(declared, wiring) {
          findings.append(finding)
        }
      }
    }
    return findings
  }

  /// Builders are main-actor: a builder property of a component must be too. Without the word it
  /// compiles in an Xcode 26 target only, where the default isolation supplies it.
  private static func builderEdges(_ declared: ExtensionFact) -> [Finding] {
    guard declared.isolation != .globalActor else { return [] }
    return declared.properties.compactMap { property in
      guard property.kind == .builder, !property.isActorIsolated else { return nil }
      return Finding(
        rule: .builderEdgeNotMainActor,
        position: property.position,
        message: "builder property `\(property.name)` of \(declared.extendedType) is not "
          + "`@MainActor`: builders are main-actor, so in SwiftPM's default mode creating one "
          + "here fails with \"call to main actor-isolated initializer 'init(dependency:)' in a "
          + "synchronous nonisolated context\"",
        fix: "write `@MainActor` on the property, or on an extension that holds only builders",
        components: [declared.extendedType]
      )
    }
  }

  /// An extension that conforms a component to a dependency protocol, or adds what a child reads
  /// (a pass-through, a shared or fresh instance), is nonisolated like the component itself.
  private static func providingExtension(_ declared: ExtensionFact, _ wiring: Wiring)
    -> Finding?
  {
    guard declared.isolation != .nonisolated else { return nil }
    let conformed = declared.conformances.filter { wiring.dependencyProtocols.contains($0) }
    let provided = declared.properties.filter { $0.kind != .builder && !$0.isActorIsolated }
    guard !conformed.isEmpty || !provided.isEmpty else { return nil }
    let what =
      conformed.isEmpty
      ? "adds `\(provided[0].name)`"
      : "conforms it to `\(conformed.joined(separator: "`, `"))`"
    let word = declared.isolation == .globalActor ? "is main-actor" : "does not say `nonisolated`"
    return Finding(
      rule: .componentExtensionNotNonisolated,
      position: declared.position,
      message: "an extension of \(declared.extendedType) \(what) but \(word): in a target whose "
        + "default isolation is `MainActor`, its members are main-actor and the conformance "
        + "\"crosses into main actor-isolated code\", while components are read from any thread",
      fix: "write `nonisolated extension \(declared.extendedType)`, and `@MainActor` on the "
        + "builder properties inside it",
      components: [declared.extendedType]
    )
  }
}
