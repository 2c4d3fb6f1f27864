extension Linter {
  /// A cycle between properties that passes through a `shared` one: the compiler accepts it,
  /// and the first read stops the program with `Napkin: dependency cycle in X: a -> b -> a`.
  ///
  /// The graph has a node per property of every component (its class and its extensions) and
  /// an edge per read in a getter: `b` or `self.b` to the component's own `b`, `dependency.b`
  /// to `b` of each parent (of another type: a parent of the same type is another instance),
  /// and `Child(dependency: self).b` to the child's `b`, which may lead back up. Strongly connected parts are found in one pass (Tarjan's algorithm,
  /// without recursion), so the rule is linear in properties and reads.
  static func sharedCycles(_ wiring: Wiring) -> [Finding] {
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

/// The properties of every component and which reads which, for ``Linter/sharedCycles(_:)``.
struct PropertyGraph {
  struct Node {
    var component: String
    var property: PropertyFact
  }

  private(set) var nodes: [Node] = []
  private(set) var edges: [[Int]] = []

  init(_ wiring: Wiring) {
    var index: [String: [String: Int]] = [:]
    for component in wiring.components {
      for property in component.properties where index[component.name]?[property.name] == nil {
        index[component.name, default: [:]][property.name] = nodes.count
        nodes.append(Node(component: component.name, property: property))
      }
    }
    edges = Array(repeating: [], count: nodes.count)
    for component in wiring.components {
      let own = index[component.name] ?? [:]
      for property in component.properties {
        guard let from = own[property.name] else { continue }
        var targets = property.reads.ownMembers.compactMap { own[$0] }
        // A parent of the component's own type is another instance (a chain of links): its
        // `b` is not this one's.
        for parent in component.parents where parent != component.name {
          let inherited = index[parent] ?? [:]
          targets += property.reads.dependencyMembers.compactMap { inherited[$0] }
        }
        // A component the getter builds, such as a child handed `self` as its dependency.
        targets += property.reads.typedMembers.compactMap { index[$0.type]?[$0.member] }
        edges[from] = Array(Set(targets)).sorted()
      }
    }
  }

  /// The nodes of a shortest cycle through `start` inside `members`, from `start`, without
  /// `start` again at the end.
  func shortestCycle(from start: Int, within members: Set<Int>) -> [Int] {
    var previous: [Int: Int] = [:]
    var queue = [start]
    var head = 0
    while head < queue.count {
      let node = queue[head]
      head += 1
      for target in edges[node] where members.contains(target) {
        if target == start {
          var path = [node]
          while let before = previous[path[path.count - 1]] {
            path.append(before)
          }
          return path.reversed()
        }
        if previous[target] == nil, target != start {
          previous[target] = node
          queue.append(target)
        }
      }
    }
    return [start]
  }
}
