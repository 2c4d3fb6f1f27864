extension HTMLGraph {
  /// Which children read a member of their parent, the readers step of `napkin why`
  /// (``MemberOrigin/readers(of:below:in:)``) one level at a time: each child's requirements and
  /// pass-throughs are gathered once, so that the page's data costs a pass over the tree.
  struct ReaderIndex {
    private let wiring: Wiring
    /// Each component's requirements: of its dependency protocols and what they refine.
    private var required: [String: Set<String>] = [:]
    /// Each component's pass-throughs, by the parent member they read.
    private var passing: [String: [String: [PropertyFact]]] = [:]

    init(_ wiring: Wiring) {
      self.wiring = wiring
      for component in wiring.components where required[component.name] == nil {
        let protocols = wiring.refinements(of: component.dependencyProtocols)
        required[component.name] = Set(
          protocols.flatMap { wiring.protocols[$0]?.requirements ?? [] })
        var byRead: [String: [PropertyFact]] = [:]
        for property in component.properties {
          if case .passThrough(let read) = property.kind {
            byRead[read, default: []].append(property)
          }
        }
        passing[component.name] = byRead
      }
    }

    /// The children of `node` that need `member` or pass it on, in the order of its edges.
    func readers(of member: String, below node: ComponentNode) -> [Reader] {
      node.children.compactMap { edge in
        guard let child = wiring.component(named: edge.child) else { return nil }
        let passes = passing[child.name]?[member] ?? []
        guard required[child.name]?.contains(member) == true || !passes.isEmpty else {
          return nil
        }
        let place = passes.first?.position ?? child.position
        return Reader(
          component: child.name, location: place.description, passes: passes.map(\.name))
      }
    }
  }
}
