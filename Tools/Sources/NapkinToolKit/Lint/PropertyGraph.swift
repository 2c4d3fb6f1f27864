/// The properties of every component and which reads which, for ``SharedCycleRule``.
struct PropertyGraph {
  private(set) var nodes: [(component: String, property: PropertyFact)] = []
  private(set) var edges: [[Int]] = []

  init(_ wiring: Wiring) {
    var index: [String: [String: Int]] = [:]
    for component in wiring.components {
      for property in component.properties where index[component.name]?[property.name] == nil {
        index[component.name, default: [:]][property.name] = nodes.count
        nodes.append((component.name, property))
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
    BreadthFirst.path(
      from: start, next: { edges[$0].filter(members.contains) }, to: { edges[$0].contains(start) }
    ).path ?? [start]
  }
}
