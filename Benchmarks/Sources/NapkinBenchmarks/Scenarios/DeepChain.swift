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

  /// The first graph of the process: first use of every type and of the once machinery.
  static func runFirstInProcess(depth: Int) -> Report {
    let component = Timing.once(operations: depth) { blackHole(componentChain(depth: depth)) }
    let hand = Timing.once(operations: depth) { blackHole(handChain(depth: depth)) }
    return Report(
      scenario: "First \(depth)-deep chain in a fresh process, built and resolved",
      unit: "ns/node",
      baseline: .init(subject: "hand wiring (lazy var)", value: hand),
      others: [.init(subject: "Napkin Component.shared", value: component)])
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
