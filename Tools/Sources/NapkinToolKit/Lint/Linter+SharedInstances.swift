extension Linter {
  /// Napkin's base classes of routers, whose fix differs from a builder's.
  private static let routerBases: Set<String> = ["Router", "ViewableRouter", "LaunchRouter"]
  /// Napkin's base classes of builders and routers: a shared one holds its component, which
  /// holds it back.
  static let unitBases = routerBases.union(["Builder"])

  /// `shared { ProfileBuilder(dependency: self) }`: the component keeps the builder, and the
  /// builder keeps the component as its dependency, a retain cycle the leak detector reports only
  /// at run time. Routers are the same: they hold their component.
  static func sharedUnits(_ wiring: Wiring, _ classes: ClassIndex) -> [Finding] {
    var findings: [Finding] = []
    for component in wiring.components {
      for property in component.properties where property.kind == .shared {
        let reads = property.reads
        let built = reads.factoryType
        let declaresUnit = property.declaredTypes.contains {
          $0.hasSuffix("Buildable") || $0.hasSuffix("Routing")
        }
        let buildsUnit =
          reads.factoryBuildsBuilder
          || built.map { classes.inherits($0, fromAnyOf: unitBases) || $0.hasSuffix("Router") }
            ?? false
        guard declaresUnit || buildsUnit else { continue }
        let what = built ?? property.declaredTypes.first ?? "a builder or router"
        let isRouter =
          what.hasSuffix("Router") || what.hasSuffix("Routing")
          || classes.inherits(what, fromAnyOf: routerBases)
        findings.append(
          Finding(
            rule: .sharedHoldsUnit,
            position: reads.factoryPosition ?? property.position,
            message: "`\(property.name)` in \(component.name) keeps \(what) with `shared`: "
              + "builders and routers hold the component, so the two keep each other alive "
              + "(the leak detector reports it only at run time)",
            fix: isRouter
              ? "build the router in its napkin's builder (`build(withListener:)`), which hands "
                + "it the component; keep only the builder here, built on every read"
              : "drop `shared { }` and build it on every read: "
                + "`var \(property.name): ... { \(what)(dependency: self) }`",
            components: [component.name]
          )
        )
      }
    }
    return findings
  }

  /// `shared { Cache() }` where `Cache` is a class the sources show is not Sendable: components
  /// are read from any thread, so what they share must be. Napkin's `shared` requires Sendable,
  /// but a client in Swift 5 mode does not get that checked.
  ///
  /// Only classes are judged, and only when every type they inherit from is declared in the
  /// sources: a struct or an enum may be Sendable without saying so, and a class from another
  /// module may be Sendable for reasons the syntax does not show.
  static func sharedNonSendables(_ wiring: Wiring, _ classes: ClassIndex) -> [Finding] {
    var findings: [Finding] = []
    for component in wiring.components {
      for property in component.properties where property.kind == .shared {
        if let finding = sharedNonSendableValue(property, of: component.name, classes, wiring) {
          findings.append(finding)
          continue
        }
        guard let built = property.reads.factoryType,
          classes.sendability(of: built, wiring: wiring) == .notSendable
        else { continue }
        findings.append(
          Finding(
            rule: .sharedNotSendable,
            position: property.reads.factoryPosition ?? property.position,
            message: "`\(property.name)` in \(component.name) shares \(built), a class that is "
              + "not Sendable: a component is read from any thread, so its shared instances "
              + "must be Sendable (Napkin requires it; Swift 5 mode does not check it)",
            fix: "choose how \(built) guards its state (napkin fix does not guess): make it an "
              + "`actor`; or isolate it to `@MainActor` (then the member that shares it is "
              + "`@MainActor` too, and readers on other threads `await` it); or make it a `final "
              + "class` whose state is in a `Mutex` from the Synchronization module, with "
              + "`Sendable` stated",
            components: [component.name]
          )
        )
      }
    }
    return findings
  }
}

extension Linter {
  /// A shared closure that is not `@Sendable`, or a shared collection or optional of a class
  /// that is not Sendable: `shared` requires a Sendable value, and the compiler says "type
  /// '() -> Void' does not conform to the 'Sendable' protocol".
  fileprivate static func sharedNonSendableValue(
    _ property: PropertyFact, of component: String, _ classes: ClassIndex, _ wiring: Wiring
  ) -> Finding? {
    let element = property.elementTypes.first {
      classes.sendability(of: $0, wiring: wiring) == .notSendable
    }
    guard property.isClosure || element != nil else { return nil }
    let what =
      element.map { "a collection of \($0), a class that is not Sendable" }
      ?? "a closure that is not `@Sendable`"
    return Finding(
      rule: .sharedNotSendable,
      position: property.reads.factoryPosition ?? property.position,
      message: "`\(property.name)` in \(component) shares \(what): a component is read from "
        + "any thread, so its shared instances must be Sendable, and the compiler rejects it",
      fix: element.map {
        "choose how \($0) guards its state (napkin fix does not guess): an `actor`, "
          + "`@MainActor`, or a `final class` with its state in a `Mutex`, with `Sendable` stated"
      } ?? "declare the type `@Sendable () -> ...` and capture only Sendable values",
      components: [component])
  }
}

/// Every class in the sources by name, with the conformances its extensions add.
struct ClassIndex {
  enum Sendability { case sendable, notSendable, unknown }

  private var classes: [String: ClassFact] = [:]
  private var extensionConformances: [String: [String]] = [:]

  /// Protocols that make a conforming class Sendable: Napkin's `Dependency` refines it.
  private static let sendableRoots: Set<String> = [
    "Sendable", "Dependency", "EmptyDependency", "Actor",
  ]

  init(_ files: [FileFacts]) {
    for file in files {
      for declared in file.classes where classes[declared.name] == nil {
        classes[declared.name] = declared
      }
      for declared in file.extensions {
        extensionConformances[declared.extendedType, default: []] += declared.conformances
      }
    }
  }

  /// Whether `name` is, or descends from, one of `bases` (a chain of at most 64 classes).
  func declaration(of name: String) -> ClassFact? {
    classes[name]
  }

  func inherits(_ name: String, fromAnyOf bases: Set<String>) -> Bool {
    var current = name
    for _ in 0..<64 {
      if bases.contains(current) { return true }
      guard let superclass = classes[current]?.superclass else { return false }
      current = superclass
    }
    return false
  }

  /// What the syntax shows about `name`: nothing (not a class here, or it inherits from
  /// something declared elsewhere), Sendable, or a class that cannot be.
  func sendability(of name: String, wiring: Wiring) -> Sendability {
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
