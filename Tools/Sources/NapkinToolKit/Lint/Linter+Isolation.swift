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

  /// An extension of a component that provides dependencies without `nonisolated`, and a
  /// member of a component (in its class or an extension) that builds a main-actor object
  /// without `@MainActor`.
  static func isolatedComponentExtensions(_ wiring: Wiring) -> [Finding] {
    let components = Set(wiring.components.map(\.name))
    let actors = MainActorTypes(wiring)
    var findings: [Finding] = []
    for file in wiring.files {
      for declared in file.classes where components.contains(declared.name) {
        if declared.isolation != .globalActor {
          findings += mainActorMembers(declared.properties, of: declared.name, actors)
        }
      }
      for declared in file.extensions where components.contains(declared.extendedType) {
        if declared.isolation != .globalActor {
          findings += mainActorMembers(declared.properties, of: declared.extendedType, actors)
        }
        if let finding = providingExtension(declared, wiring) {
          findings.append(finding)
        }
      }
    }
    return findings
  }

  /// Builders, routers and views are main-actor: a component member that builds one must be
  /// too. Without the word it compiles in an Xcode 26 target only, where the default isolation
  /// supplies it.
  private static func mainActorMembers(
    _ properties: [PropertyFact], of component: String, _ actors: MainActorTypes
  ) -> [Finding] {
    properties.compactMap { property in
      guard !property.isActorIsolated else { return nil }
      let built = property.kind == .shared ? property.reads.factoryType : property.constructedType
      let isBuilder = property.kind == .builder || built.map(actors.isBuilder) == true
      guard isBuilder || built.map(actors.isMainActor) == true else { return nil }
      let what =
        isBuilder
        ? "builder property `\(property.name)` of \(component) is not `@MainActor`: builders are "
          + "main-actor"
        : "`\(property.name)` of \(component) builds \(built ?? ""), which is main-actor, but is "
          + "not `@MainActor`"
      return Finding(
        rule: .builderEdgeNotMainActor,
        position: property.position,
        message: what + ", so in SwiftPM's default mode creating one here fails with \"call to "
          + "main actor-isolated initializer 'init(...)' in a synchronous nonisolated context\"",
        fix: "write `@MainActor` on the property, or on an extension that holds only such "
          + "members",
        components: [component]
      )
    }
  }

  /// A service a component builds (`shared { NetworkService() }`, `NetworkService()`), declared
  /// in the sources without an isolation word: in a target whose default isolation is
  /// `MainActor` it is main-actor, and the component, which is nonisolated, cannot call its
  /// initializer. A shared class that is not Sendable is left to ``sharedNonSendables``: making
  /// it `nonisolated` would not make it Sendable, and only a person can choose how to guard it.
  static func servicesNotNonisolated(_ wiring: Wiring, _ classes: ClassIndex) -> [Finding] {
    let actors = MainActorTypes(wiring)
    var values: [String: ValueTypeFact] = [:]
    for file in wiring.files {
      for declared in file.valueTypes where values[declared.name] == nil {
        values[declared.name] = declared
      }
    }
    var reported: Set<String> = []
    var findings: [Finding] = []
    // What components build, then what nonisolated services build in turn.
    var builds: [(built: String?, by: String, isShared: Bool, viaStatic: Bool)] = []
    for component in wiring.components {
      for property in component.properties where !property.isActorIsolated {
        let built: String?
        switch property.kind {
        case .shared: built = property.reads.factoryType ?? property.calledType
        case .fresh, .computed, .read: built = property.constructedType ?? property.calledType
        default: continue
        }
        builds.append(
          (
            built, component.name + "." + property.name, property.kind == .shared,
            property.calledType != nil && property.callsStaticMethod
          ))
      }
    }
    for file in wiring.files {
      for use in file.nonisolatedUses where use.member == nil && !use.callsFunction {
        builds.append((use.type, "the nonisolated \(use.reader)", false, use.callsStaticMethod))
      }
    }
    for (written, builder, isShared, viaStatic) in builds {
      // Through `typealias Client = NetworkClient` to the type itself.
      var built = written
      for _ in 0..<8 {
        guard let name = built, let target = wiring.typeAliases[name]?.names.first,
          target != name
        else { break }
        built = target
      }
      guard let built, !actors.isMainActor(built), !actors.isBuilder(built),
        wiring.component(named: built) == nil, !reported.contains(built)
      else { continue }
      let position: SourcePosition
      // A nested type takes the isolation of a type around it that states one.
      // A shared class that is not Sendable is the person's choice (``sharedNonSendables``);
      // one built fresh on each read needs only a nonisolated initializer.
      if let declared = classes.declaration(of: built), declared.isolation == .unstated,
        !declared.isNested, declared.hasIsolatedInitializer || viaStatic,
        !isShared || classes.sendability(of: built, wiring: wiring) != .notSendable
      {
        position = declared.position
      } else if let declared = values[built], declared.isolation == .unstated,
        !declared.isNested, declared.hasInitializer || viaStatic
      {
        // A struct's implicit initializer is nonisolated: only a written one is main-actor.
        position = declared.position
      } else {
        continue
      }
      reported.insert(built)
      findings.append(
        Finding(
          rule: .serviceNotNonisolated,
          position: position,
          message: "\(built), which \(builder) builds, does not say "
            + "`nonisolated`: in a target whose default isolation is `MainActor` (a new Xcode "
            + "26 app) it is main-actor, and that code fails with \"call to main "
            + "actor-isolated initializer 'init(...)' in a synchronous nonisolated context\"",
          fix: "write `nonisolated` before its declaration (napkin fix writes it); SwiftPM's "
            + "default mode accepts it too. The compiler's own fix-it, isolating the caller "
            + "or the conformance to `@MainActor`, ends in \"cannot form main actor-isolated "
            + "conformance\": components are read from any thread",
          components: []))
    }
    return findings
  }

  /// A static member read in a nonisolated type (`Episode.placeholder` in a service), declared
  /// without `nonisolated` in an extension, or in a type that does not say it: in a target
  /// whose default isolation is `MainActor` it is main-actor, and the read fails with "main
  /// actor-isolated static property 'placeholder' can not be referenced from a nonisolated
  /// context".
  static func staticsNotNonisolated(_ wiring: Wiring) -> [Finding] {
    let actors = MainActorTypes(wiring)
    var statics: [String: [StaticMemberFact]] = [:]
    var stated: [String: StatedIsolation] = [:]
    for file in wiring.files {
      for member in file.staticMembers {
        statics[member.type + "." + member.member, default: []].append(member)
      }
      for declared in file.classes { stated[declared.name] = declared.isolation }
      for declared in file.valueTypes { stated[declared.name] = declared.isolation }
    }
    var reported: Set<SourcePosition> = []
    var findings: [Finding] = []
    for file in wiring.files {
      for use in file.nonisolatedUses {
        guard let member = use.member, !actors.isMainActor(use.type),
          let typeIsolation = stated[use.type]
        else { continue }
        for declared in statics[use.type + "." + member] ?? []
        where declared.isolation == .unstated
          && (declared.inExtension || typeIsolation == .unstated)
          && reported.insert(declared.position).inserted
        {
          findings.append(
            Finding(
              rule: .staticNotNonisolated,
              position: declared.position,
              message: "`\(use.type).\(member)` is read by the nonisolated \(use.reader) "
                + "(\(use.position)) but does not say `nonisolated`: in a target whose default "
                + "isolation is `MainActor` it is main-actor, and the read fails with \"main "
                + "actor-isolated static property '\(member)' can not be referenced from a "
                + "nonisolated context\"",
              fix: "write `nonisolated static` (napkin fix writes it); SwiftPM's default mode "
                + "accepts it too",
              components: []))
        }
      }
    }
    return findings
  }

  /// A free function a component's member calls, declared without `nonisolated`: in a target
  /// whose default isolation is `MainActor` it is main-actor, and the component, which is
  /// nonisolated, cannot call it.
  static func globalsNotNonisolated(_ wiring: Wiring) -> [Finding] {
    var functions: [String: GlobalFunctionFact] = [:]
    for file in wiring.files {
      for declared in file.globalFunctions where functions[declared.name] == nil {
        functions[declared.name] = declared
      }
    }
    // Who calls what: component members, and nonisolated types (a default argument too).
    var calls: [(name: String, caller: String, component: String?)] = []
    for component in wiring.components {
      let own = Set(component.methods.map(\.name))
      for property in component.properties where !property.isActorIsolated {
        for name in property.calledFunctions where !own.contains(name) {
          calls.append((name, component.name + "." + property.name, component.name))
        }
      }
    }
    for file in wiring.files {
      for use in file.nonisolatedUses where use.callsFunction {
        calls.append((use.type, "the nonisolated " + use.reader, nil))
      }
    }
    var reported: Set<String> = []
    var findings: [Finding] = []
    for (name, caller, component) in calls {
      guard let declared = functions[name], declared.isolation == .unstated,
        reported.insert(name).inserted
      else { continue }
      findings.append(
        Finding(
          rule: .globalNotNonisolated,
          position: declared.position,
          message: "`\(name)()`, which \(caller) calls, does not say `nonisolated`: in a target "
            + "whose default isolation is `MainActor` (a new Xcode 26 app) it is main-actor, and "
            + "the call fails with \"call to main actor-isolated global function '\(name)()' in "
            + "a synchronous nonisolated context\" (or, in a default argument, \"main "
            + "actor-isolated default value in a nonisolated context\")",
          fix: "write `nonisolated func \(name)` (napkin fix writes it); SwiftPM's default mode "
            + "accepts it too",
          components: component.map { [$0] } ?? []))
    }
    return findings
  }

  /// An extension that conforms a component to a dependency protocol, or adds what a child reads
  /// (a pass-through, a shared or fresh instance), is nonisolated like the component itself.
  private static func providingExtension(_ declared: ExtensionFact, _ wiring: Wiring)
    -> Finding?
  {
    guard declared.isolation != .nonisolated else { return nil }
    // Any protocol: a conformance in a plain extension is main-actor in Xcode 26's mode, and
    // the compiler's fix-it (isolate the conformance) is refused for a Sendable type.
    let conformed = declared.conformances
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

/// The types the sources (and Napkin, UIKit and AppKit by name) make main-actor.
struct MainActorTypes {
  /// Napkin's main-actor classes and protocols, and the platforms' view classes.
  static let known: Set<String> = [
    "Builder", "Router", "ViewableRouter", "LaunchRouter", "Interactor", "PresentableInteractor",
    "Presenter", "ViewControllable", "Buildable", "Routing", "ViewableRouting", "LaunchRouting",
    "Interactable", "Presentable", "ViewHost", "UIViewController", "NSViewController", "UIView",
    "NSView", "View",
  ]
  private var classes: [String: ClassFact] = [:]
  private var mainActorProtocols: Set<String> = []
  private let builders: Set<String>

  init(_ wiring: Wiring) {
    for file in wiring.files {
      for declared in file.classes where classes[declared.name] == nil {
        classes[declared.name] = declared
      }
    }
    mainActorProtocols = wiring.mainActorProtocols
    builders = Set(wiring.builderDependencies.keys)
  }

  func isBuilder(_ name: String) -> Bool {
    builders.contains(name) || name == "Builder"
  }

  /// Whether `name` is isolated to a global actor: stated, from a main-actor protocol in its
  /// declaration, or from its superclass.
  func isMainActor(_ name: String) -> Bool {
    var current = name
    for _ in 0..<64 {
      if Self.known.contains(current) { return true }
      guard let declared = classes[current] else { return false }
      if declared.isolation == .globalActor { return true }
      if declared.isolation == .nonisolated { return false }
      if declared.conformances.contains(where: {
        mainActorProtocols.contains($0) || Self.known.contains($0)
      }) {
        return true
      }
      guard let superclass = declared.superclass else { return false }
      current = superclass
    }
    return false
  }
}
