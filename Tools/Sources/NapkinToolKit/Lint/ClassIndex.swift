/// Every class in the sources by name (the first declaration of each name), with the
/// conformances its extensions add: what the rules ask of a class's isolation and sendability.
struct ClassIndex {
  enum Sendability { case sendable, notSendable, unknown }

  private let wiring: Wiring
  private let classes: [String: ClassFact]
  private let extensionConformances: [String: [String]]

  /// Protocols that make a conforming class Sendable: Napkin's `Dependency` refines it.
  private static let sendableRoots: Set<String> = [
    "Sendable", "Dependency", "EmptyDependency", "Actor",
  ]

  init(_ wiring: Wiring) {
    self.wiring = wiring
    classes = Dictionary(
      wiring.files.flatMap(\.classes).map { ($0.name, $0) },
      uniquingKeysWith: { first, _ in first })
    extensionConformances = Dictionary(
      grouping: wiring.files.flatMap(\.extensions), by: \.extendedType
    ).mapValues { $0.flatMap(\.conformances) }
  }

  func declaration(of name: String) -> ClassFact? {
    classes[name]
  }

  /// `name` and the superclasses the sources declare above it, at most 64 (a cycle of
  /// superclasses ends there).
  private func ancestry(of name: String) -> [String] {
    var names = [name]
    while names.count < 64, let superclass = classes[names[names.count - 1]]?.superclass {
      names.append(superclass)
    }
    return names
  }

  /// Whether `name` is, or descends from, one of `bases`.
  func inherits(_ name: String, fromAnyOf bases: Set<String>) -> Bool {
    ancestry(of: name).contains(where: bases.contains)
  }

  func isBuilder(_ name: String) -> Bool {
    wiring.builderDependencies[name] != nil || name == "Builder"
  }

  /// Whether `name` is isolated to a global actor: stated, from a main-actor protocol in its
  /// declaration, or from its superclass (Napkin's, UIKit's and AppKit's by name).
  func isMainActor(_ name: String) -> Bool {
    for current in ancestry(of: name) {
      if MainActorTypes.known.contains(current) { return true }
      guard let declared = classes[current] else { return false }
      if declared.isolation == .globalActor { return true }
      if declared.isolation == .nonisolated { return false }
      if declared.conformances.contains(where: {
        wiring.mainActorProtocols.contains($0) || MainActorTypes.known.contains($0)
      }) {
        return true
      }
    }
    return false
  }

  /// What the syntax shows about `name`: nothing (not a class here, or it inherits from
  /// something declared elsewhere), Sendable, or a class that cannot be.
  func sendability(of name: String) -> Sendability {
    var current = name
    for _ in 0..<64 {
      guard let declared = classes[current] else {
        return .unknown
      }
      if declared.isActorIsolated { return .sendable }
      let names = declared.conformances + (extensionConformances[current] ?? [])
      var superclass: String?
      for inherited in names {
        if Self.sendableRoots.contains(inherited) { return .sendable }
        if classes[inherited] != nil {
          superclass = inherited
        } else if wiring.protocols[inherited] != nil {
          if !wiring.refinements(of: [inherited]).isDisjoint(with: Self.sendableRoots) {
            return .sendable
          }
        } else {
          return .unknown
        }
      }
      guard let next = superclass else { return .notSendable }
      current = next
    }
    return .unknown
  }
}

/// The types Napkin, UIKit and AppKit make main-actor, known by name.
enum MainActorTypes {
  /// Napkin's main-actor classes and protocols, and the platforms' view classes.
  static let known: Set<String> = [
    "Builder", "Router", "ViewableRouter", "LaunchRouter", "Interactor", "PresentableInteractor",
    "Presenter", "ViewControllable", "Buildable", "Routing", "ViewableRouting", "LaunchRouting",
    "Interactable", "Presentable", "ViewHost", "UIViewController", "NSViewController", "UIView",
    "NSView", "View",
  ]
}
