/// The isolation words a Napkin app needs so that the same code builds in SwiftPM's default mode
/// and in a new Xcode 26 app target, whose default isolation is `MainActor`. Each rule names the
/// compiler error the missing word causes in the mode where it breaks.
extension Linter {
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
