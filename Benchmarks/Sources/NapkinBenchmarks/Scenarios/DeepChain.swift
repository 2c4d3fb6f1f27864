/// A chain of components, each building its node from its parent's: built, then resolved from
/// the leaf, which runs every factory nested inside the next.
enum DeepChain {
  static func handChain(depth: Int) -> Link {
    var node: any HandLinkParent = HandLinkRoot()
    for _ in 0..<depth { node = HandLinkNode(parent: node) }
    return node.link
  }

  static func componentChain(depth: Int) -> Link {
    var node: any LinkDependency = LinkRootComponent()
    for _ in 0..<depth { node = LinkComponent(dependency: node) }
    return node.link
  }

  static func run(scale: Scale) -> Report {
    let depth = 1_000
    let graphs = scale.chains
    let best = Timing.interleaved(
      operations: depth * graphs, rounds: scale.rounds,
      [
        { for _ in 0..<graphs { blackHole(handChain(depth: depth)) } },
        { for _ in 0..<graphs { blackHole(componentChain(depth: depth)) } },
      ])
    return Report(
      scenario: "\(depth)-deep chain built and resolved from the leaf (\(graphs) graphs)",
      unit: "ns/node",
      baseline: .init(subject: "hand wiring (lazy var)", value: best[0]),
      others: [.init(subject: "Napkin Component.shared", value: best[1])])
  }
}
