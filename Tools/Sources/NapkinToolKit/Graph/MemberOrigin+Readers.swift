extension MemberOrigin {
  /// Which children read a member of their parent, the readers step of `napkin why` one level at
  /// a time: each component's requirements and pass-throughs are gathered once, so that a walk
  /// down the tree (``MemberOrigin/readers(of:below:index:)``, the HTML page's data) costs a pass.
  struct ReaderIndex {
    private let wiring: Wiring
    /// Each component's requirements: of its dependency protocols and what they refine.
    private var required: [String: Set<String>] = [:]
    /// Each component's pass-throughs, by the parent member they read.
    private var passing: [String: [String: [PropertyFact]]] = [:]

    init(_ wiring: Wiring) {
      self.wiring = wiring
      for component in wiring.components {
        let protocols = wiring.refinements(of: component.dependencyProtocols)
        required[component.name] = Set(
          protocols.flatMap { wiring.protocols[$0]?.requirements ?? [] })
        passing[component.name] = Dictionary(
          grouping: component.properties.filter { $0.kind.passThroughRead != nil },
          by: { $0.kind.passThroughRead ?? "" })
      }
    }

    /// The children of `node` that need `member` or pass it on, in the order of its edges, each
    /// with its pass-throughs that read it.
    func readers(of member: String, below node: ComponentNode)
      -> [(child: ComponentNode, passes: [PropertyFact])]
    {
      node.children.compactMap { edge in
        guard let child = wiring.component(named: edge.child) else { return nil }
        let passes = passing[child.name]?[member] ?? []
        guard required[child.name]?.contains(member) == true || !passes.isEmpty else {
          return nil
        }
        return (child, passes)
      }
    }
  }
}
