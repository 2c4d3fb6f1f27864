/// The rules of what components share.
extension Finding.Rule {
  static let sharedCycle: Self = "shared-cycle"
  static let sharedHoldsUnit: Self = "shared-holds-builder-or-router"
  static let sharedNotSendable: Self = "shared-not-sendable"
  static let sharedCapturesComponent: Self = "shared-captures-component"
}

struct SharedCycleRule: LintRule {
  let id = Finding.Rule.sharedCycle
  /// A cycle between properties that passes through a `shared` one: the compiler accepts it,
  /// and the first read stops the program with `Napkin: dependency cycle in X: a -> b -> a`.
  ///
  /// The graph has a node per property of every component (its class and its extensions) and
  /// an edge per read in a getter: `b` or `self.b` to the component's own `b`, `dependency.b`
  /// to `b` of each parent (of another type: a parent of the same type is another instance),
  /// and `Child(dependency: self).b` to the child's `b`, which may lead back up. Strongly connected parts are found in one pass (Tarjan's algorithm,
  /// without recursion), so the rule is linear in properties and reads.
  func check(_ context: LintContext) -> [Finding] {
    let wiring = context.wiring
    let graph = PropertyGraph(wiring)
    var findings: [Finding] = []
    for part in StronglyConnected.parts(of: graph.edges) {
      guard
        let start = part.filter({ graph.nodes[$0].property.kind == .shared })
          .min(by: { graph.nodes[$0].property.position < graph.nodes[$1].property.position })
      else { continue }
      let members = Set(part)
      // A part of one node is a cycle only if the node reads itself.
      guard part.count > 1 || graph.edges[start].contains(start) else { continue }
      let path = graph.shortestCycle(from: start, within: members)
      let owner = graph.nodes[start].component
      let chain = path.filter { graph.nodes[$0].property.kind == .shared }.map { node in
        graph.nodes[node].component == owner
          ? graph.nodes[node].property.name
          : "\(graph.nodes[node].component).\(graph.nodes[node].property.name)"
      }
      let name = graph.nodes[start].property.name
      // The run-time message names the shared keys only; the steps between help find the cycle.
      let through = path.filter { graph.nodes[$0].property.kind != .shared }.map {
        "\(graph.nodes[$0].component).\(graph.nodes[$0].property.name)"
      }
      let via = through.isEmpty ? "" : " (through \(through.joined(separator: ", ")))"
      findings.append(
        Finding(
          rule: .sharedCycle,
          position: graph.nodes[start].property.position,
          message: "dependency cycle in \(owner): \((chain + [name]).joined(separator: " -> "))"
            + "\(via): the factory of `\(name)` needs `\(name)` itself, so the first read stops "
            + "the program",
          fix: "break the cycle: hand one side a closure that reads the other later, or a "
            + "weak reference, or build one side fresh",
          components: Array(Set(path.map { graph.nodes[$0].component })).sorted()
        )
      )
    }
    return findings
  }
}

struct SharedHoldsUnitRule: LintRule {
  let id = Finding.Rule.sharedHoldsUnit
  func check(_ context: LintContext) -> [Finding] {
    Linter.sharedUnits(context.wiring, context.classes)
  }
}

struct SharedNotSendableRule: LintRule {
  let id = Finding.Rule.sharedNotSendable
  func check(_ context: LintContext) -> [Finding] {
    Linter.sharedNonSendables(context.wiring, context.classes)
  }
}

struct SharedCapturesComponentRule: LintRule {
  let id = Finding.Rule.sharedCapturesComponent
  /// `shared { Coordinator(component: self) }` where Coordinator keeps a builder or a router:
  /// the component keeps the coordinator, which keeps the component and a unit that holds the
  /// component too, so none of them is ever freed.
  func check(_ context: LintContext) -> [Finding] {
    let wiring = context.wiring
    let classes = context.classes
    var findings: [Finding] = []
    for component in wiring.components {
      for property in component.properties where property.kind == .shared {
        let reads = property.reads
        guard reads.factoryPassesSelf, !reads.factoryBuildsBuilder,
          let built = reads.factoryType, let declared = classes.declaration(of: built),
          !classes.inherits(built, fromAnyOf: Linter.unitBases),
          let kept = declared.properties.first(where: { held in
            held.declaredTypes.contains {
              $0.hasSuffix("Builder") || $0.hasSuffix("Buildable") || $0.hasSuffix("Router")
                || $0.hasSuffix("Routing")
            }
          })
        else { continue }
        findings.append(
          Finding(
            rule: .sharedCapturesComponent,
            position: reads.factoryPosition ?? property.position,
            message: "`\(property.name)` in \(component.name) shares \(built), which is given "
              + "the component itself and keeps `\(kept.name)` (\(kept.declaredTypes.first ?? "")) "
              + "at \(kept.position): the component keeps \(built), which keeps the component, a "
              + "retain cycle the leak detector reports only at run time",
            fix: "give \(built) what it reads instead of `self` (the values, or a builder made "
              + "on each read), or make the reference back to the component `weak`",
            components: [component.name]
          )
        )
      }
    }
    return findings
  }
}
