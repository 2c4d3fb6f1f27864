// The rules of what components share.

struct SharedCycleRule: LintRule {
  static let id: Finding.Rule = "shared-cycle"
  /// A cycle between properties that passes through a `shared` one: the compiler accepts it,
  /// and the first read stops the program with `Napkin: dependency cycle in X: a -> b -> a`.
  ///
  /// The graph has a node per property of every component (its class and its extensions) and
  /// an edge per read in a getter: `b` or `self.b` to the component's own `b`, `dependency.b`
  /// to `b` of each parent (of another type: a parent of the same type is another instance),
  /// and `Child(dependency: self).b` to the child's `b`, which may lead back up. Strongly
  /// connected parts are found in one pass (Tarjan's algorithm, without recursion), so the rule
  /// is linear in properties and reads.
  func check(_ context: LintContext) -> [Finding] {
    let graph = PropertyGraph(context.wiring)
    let nodes = graph.nodes
    return StronglyConnected.parts(of: graph.edges).compactMap { part in
      // A part of one node is a cycle only if the node reads itself.
      guard
        let start = part.filter({ nodes[$0].property.kind == .shared })
          .min(by: { nodes[$0].property.position < nodes[$1].property.position }),
        part.count > 1 || graph.edges[start].contains(start)
      else { return nil }
      let path = graph.shortestCycle(from: start, within: Set(part)).map { nodes[$0] }
      let owner = nodes[start].component
      let chain = path.filter { $0.property.kind == .shared }.map {
        $0.component == owner ? $0.property.name : "\($0.component).\($0.property.name)"
      }
      let name = nodes[start].property.name
      // The run-time message names the shared keys only; the steps between help find the cycle.
      let through = path.filter { $0.property.kind != .shared }.map {
        "\($0.component).\($0.property.name)"
      }
      let via = through.isEmpty ? "" : " (through \(through.joined(separator: ", ")))"
      return finding(
        at: nodes[start].property.position,
        message: "dependency cycle in \(owner): \((chain + [name]).joined(separator: " -> "))"
          + "\(via): the factory of `\(name)` needs `\(name)` itself, so the first read stops "
          + "the program",
        fix: "break the cycle: hand one side a closure that reads the other later, or a "
          + "weak reference, or build one side fresh",
        components: Array(Set(path.map(\.component))).sorted()
      )
    }
  }
}

struct SharedHoldsUnitRule: LintRule {
  static let id: Finding.Rule = "shared-holds-builder-or-router"
  /// Napkin's base classes of routers, whose fix differs from a builder's.
  private static let routerBases: Set<String> = ["Router", "ViewableRouter", "LaunchRouter"]
  /// Napkin's base classes of builders and routers: a shared one holds its component, which
  /// holds it back.
  static let unitBases = routerBases.union(["Builder"])

  /// `shared { ProfileBuilder(dependency: self) }`: the component keeps the builder, and the
  /// builder keeps the component as its dependency, a retain cycle the leak detector reports only
  /// at run time. Routers are the same: they hold their component.
  func check(_ context: LintContext) -> [Finding] {
    let classes = context.classes
    return context.sharedProperties.compactMap { component, property in
      let reads = property.reads
      let built = reads.factoryType
      let declaresUnit = property.declaredTypes.contains {
        $0.hasSuffix("Buildable") || $0.hasSuffix("Routing")
      }
      let buildsUnit =
        reads.factoryBuildsBuilder
        || built.map { classes.inherits($0, fromAnyOf: Self.unitBases) || $0.hasSuffix("Router") }
          ?? false
      guard declaresUnit || buildsUnit else { return nil }
      let what = built ?? property.declaredTypes.first ?? "a builder or router"
      let isRouter =
        what.hasSuffix("Router") || what.hasSuffix("Routing")
        || classes.inherits(what, fromAnyOf: Self.routerBases)
      return finding(
        at: reads.factoryPosition ?? property.position,
        message: "`\(property.name)` in \(component) keeps \(what) with `shared`: "
          + "builders and routers hold the component, so the two keep each other alive "
          + "(the leak detector reports it only at run time)",
        fix: isRouter
          ? "build the router in its napkin's builder (`build(withListener:)`), which hands "
            + "it the component; keep only the builder here, built on every read"
          : "drop `shared { }` and build it on every read: "
            + "`var \(property.name): ... { \(what)(dependency: self) }`",
        components: [component]
      )
    }
  }
}

struct SharedNotSendableRule: LintRule {
  static let id: Finding.Rule = "shared-not-sendable"
  /// `shared { Cache() }` where `Cache` is a class the sources show is not Sendable: components
  /// are read from any thread, so what they share must be. Napkin's `shared` requires Sendable,
  /// but a client in Swift 5 mode does not get that checked.
  ///
  /// Only classes are judged, and only when every type they inherit from is declared in the
  /// sources: a struct or an enum may be Sendable without saying so, and a class from another
  /// module may be Sendable for reasons the syntax does not show.
  func check(_ context: LintContext) -> [Finding] {
    let classes = context.classes
    return context.sharedProperties.compactMap { component, property in
      if let finding = sharedValue(property, of: component, classes) {
        return finding
      }
      guard let built = property.reads.factoryType,
        classes.sendability(of: built) == .notSendable
      else { return nil }
      return finding(
        at: property.reads.factoryPosition ?? property.position,
        message: "`\(property.name)` in \(component) shares \(built), a class that is "
          + "not Sendable: a component is read from any thread, so its shared instances "
          + "must be Sendable (Napkin requires it; Swift 5 mode does not check it)",
        fix: "choose how \(built) guards its state (napkin fix does not guess): make it an "
          + "`actor`; or isolate it to `@MainActor` (then the member that shares it is "
          + "`@MainActor` too, and readers on other threads `await` it); or make it a `final "
          + "class` whose state is in a `Mutex` from the Synchronization module, with "
          + "`Sendable` stated",
        components: [component]
      )
    }
  }

  /// A shared closure that is not `@Sendable`, or a shared collection or optional of a class
  /// that is not Sendable: `shared` requires a Sendable value, and the compiler says "type
  /// '() -> Void' does not conform to the 'Sendable' protocol".
  private func sharedValue(
    _ property: PropertyFact, of component: String, _ classes: ClassIndex
  ) -> Finding? {
    let element = property.elementTypes.first { classes.sendability(of: $0) == .notSendable }
    guard property.isClosure || element != nil else { return nil }
    let what =
      element.map { "a collection of \($0), a class that is not Sendable" }
      ?? "a closure that is not `@Sendable`"
    return finding(
      at: property.reads.factoryPosition ?? property.position,
      message: "`\(property.name)` in \(component) shares \(what): a component is read from "
        + "any thread, so its shared instances must be Sendable, and the compiler rejects it",
      fix: element.map {
        "choose how \($0) guards its state (napkin fix does not guess): an `actor`, "
          + "`@MainActor`, or a `final class` with its state in a `Mutex`, with `Sendable` stated"
      } ?? "declare the type `@Sendable () -> ...` and capture only Sendable values",
      components: [component])
  }
}

struct SharedCapturesComponentRule: LintRule {
  static let id: Finding.Rule = "shared-captures-component"
  /// `shared { Coordinator(component: self) }` where Coordinator keeps a builder or a router:
  /// the component keeps the coordinator, which keeps the component and a unit that holds the
  /// component too, so none of them is ever freed.
  func check(_ context: LintContext) -> [Finding] {
    let classes = context.classes
    return context.sharedProperties.compactMap { component, property in
      let reads = property.reads
      guard reads.factoryPassesSelf, !reads.factoryBuildsBuilder,
        let built = reads.factoryType, let declared = classes.declaration(of: built),
        !classes.inherits(built, fromAnyOf: SharedHoldsUnitRule.unitBases),
        let kept = declared.properties.first(where: { held in
          held.declaredTypes.contains {
            $0.hasSuffix("Builder") || $0.hasSuffix("Buildable") || $0.hasSuffix("Router")
              || $0.hasSuffix("Routing")
          }
        })
      else { return nil }
      return finding(
        at: reads.factoryPosition ?? property.position,
        message: "`\(property.name)` in \(component) shares \(built), which is given "
          + "the component itself and keeps `\(kept.name)` (\(kept.declaredTypes.first ?? "")) "
          + "at \(kept.position): the component keeps \(built), which keeps the component, a "
          + "retain cycle the leak detector reports only at run time",
        fix: "give \(built) what it reads instead of `self` (the values, or a builder made "
          + "on each read), or make the reference back to the component `weak`",
        components: [component]
      )
    }
  }
}
