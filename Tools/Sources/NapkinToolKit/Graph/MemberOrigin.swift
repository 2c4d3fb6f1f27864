/// `napkin why`: where a component's member comes from, following pass-throughs up to the
/// component that builds it, and which components below read it.
enum MemberOrigin {
  /// One step of the answer, a line of `napkin why` and of the HTML page's panel: a component's
  /// property, its `file:line:column`, what it is, and for a pass-through the member it reads.
  struct Step: Codable, Equatable {
    var component: String
    var member: String
    var location: String
    var what: String
    var reads: String?

    init(_ component: String, _ property: PropertyFact) {
      self.component = component
      member = property.name
      location = property.position.description
      what = describe(property.kind)
      reads = property.kind.passThroughRead
    }
  }

  /// Answers for `member`: one chain per component that has it, or the one named by `within`.
  static func explain(
    _ member: String,
    within: String?,
    in wiring: Wiring
  ) throws(UsageError) -> String {
    let holders: [ComponentNode]
    if let within {
      // `componentName` answers only with the name of a component of the wiring.
      let name = try wiring.componentName(spelled: within)
      holders = wiring.component(named: name).map { [$0] } ?? []
      let properties = holders.flatMap(\.properties)
      guard properties.contains(where: { $0.name == member }) else {
        throw UsageError(
          message: "\(TerminalText.name(name)) has no member named \(TerminalText.name(member)); "
            + "its members are "
            + properties.map { TerminalText.name($0.name) }.joined(separator: ", "))
      }
    } else {
      // Without --in, the components that provide it, each answering for those below.
      let all = wiring.components.filter { $0.properties.contains { $0.name == member } }
      let providers = all.filter { component in
        component.properties.contains { $0.name == member && $0.kind.passThroughRead == nil }
      }
      holders = providers.isEmpty ? all : providers
    }
    guard !holders.isEmpty else {
      throw UsageError(message: "no component has a member named \(TerminalText.name(member))")
    }
    let index = ReaderIndex(wiring)
    return holders.flatMap { answer(for: member, from: $0, in: wiring, index: index).lines }
      .map { $0 + "\n" }.joined()
  }

  /// The whole answer for one component's member: the chain up to its builder, and its readers
  /// below. The text of `napkin why` and the panel of the HTML page are both drawn from it.
  struct Answer: Equatable {
    /// The component the answer starts from.
    var holder: String
    /// From `holder` up through pass-throughs to the builder, nearest first.
    var chain: [Step]
    /// The components below `holder` that read the member, by name.
    var readers: [Reader]

    /// The answer as `napkin why` prints it, a line a step, without newlines; names escaped.
    var lines: [String] {
      let shown = TerminalText.name
      var lines: [String] = []
      for (index, step) in chain.enumerated() {
        let lead = index == 0 ? "" : "  from "
        lines.append(
          "\(lead)\(shown(step.component)).\(shown(step.member))  \(step.location)  \(step.what)")
      }
      // The member the last pass-through reads, which no parent has.
      if let last = chain.last, let unresolved = last.reads {
        lines.append(
          "  no parent of \(shown(last.component)) has `\(shown(unresolved))`: napkin lint "
            + "reports it")
      }
      if readers.isEmpty {
        lines.append("  read below \(shown(holder)) by no component")
      } else {
        lines.append("  read below \(shown(holder)) by:")
        for reader in readers {
          lines.append("    \(shown(reader.component))  \(reader.location)")
        }
      }
      return lines
    }
  }

  /// The answer for `member` of `holder`: the chain from it up through pass-throughs
  /// (`dependency.x`) to the builder of `x`, and the readers below.
  static func answer(
    for member: String, from holder: ComponentNode, in wiring: Wiring, index: ReaderIndex? = nil
  ) -> Answer {
    var chain: [Step] = []
    var visited: Set<String> = []
    var next = holder.properties.first { $0.name == member }.map { (holder, $0) }
    while case (let node, let property)? = next, visited.insert(node.name).inserted {
      chain.append(Step(node.name, property))
      guard let read = property.kind.passThroughRead else { break }
      next = parent(of: node, holding: read, in: wiring)
    }
    // Below: each child that reads `dependency.member` or passes it on, then the same below it.
    let index = index ?? ReaderIndex(wiring)
    var readers: [Reader] = []
    var pending = [(holder.name, member)]
    var seen: Set<String> = [holder.name]
    while let (name, read) = pending.popLast() {
      for reader in index.readers(of: read, below: name)
      where seen.insert(reader.component).inserted {
        readers.append(reader)
        pending += reader.passes.map { (reader.component, $0) }
      }
    }
    return Answer(
      holder: holder.name, chain: chain, readers: readers.sorted { $0.component < $1.component })
  }

  /// The parent a pass-through of `node` reading `member` steps to: the first that has it.
  static func parent(of node: ComponentNode, holding member: String, in wiring: Wiring)
    -> (node: ComponentNode, property: PropertyFact)?
  {
    node.parents.lazy.compactMap(wiring.component(named:)).compactMap { parent in
      parent.properties.first { $0.name == member }.map { (parent, $0) }
    }.first
  }

  /// A child that reads a member of its parent: where (its first pass-through that reads it,
  /// else the child), and the names of its pass-throughs that read it, which pass it on below.
  struct Reader: Codable, Equatable {
    var component: String
    var location: String
    var passes: [String]
  }

  /// Which children read a member of their parent, the readers step of `napkin why` one level at
  /// a time: each component's requirements and pass-throughs are gathered once, so that a walk
  /// down the tree (``MemberOrigin/answer(for:from:in:index:)``, the HTML page's data) costs a pass.
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

    /// The children of the component `name` that need `member` or pass it on, in the order of
    /// its edges.
    func readers(of member: String, below name: String) -> [Reader] {
      (wiring.component(named: name)?.children ?? []).compactMap { edge in
        guard let child = wiring.component(named: edge.child) else { return nil }
        let passes = passing[child.name]?[member] ?? []
        guard required[child.name]?.contains(member) == true || !passes.isEmpty else {
          return nil
        }
        return Reader(
          component: child.name, location: (passes.first?.position ?? child.position).description,
          passes: passes.map(\.name))
      }
    }
  }

  static func describe(_ kind: PropertyKind) -> String {
    switch kind {
    case .shared: "shared: built once, lives as long as the component"
    case .fresh: "fresh: built on every read"
    case .builder: "a builder, made on every read"
    case .perKey: "per key: one instance per key, kept by its store"
    case .store(let type): "a \(TerminalText.name(type)) store"
    case .passThrough(let member): "pass-through: dependency.\(TerminalText.name(member))"
    case .read: "reads a value the component holds"
    case .stored: "stored"
    case .computed: "computed"
    }
  }
}

extension PropertyKind {
  /// The parent's member a pass-through reads (`dependency.x` gives `x`), nil for any other kind.
  var passThroughRead: String? {
    if case .passThrough(let member) = self { member } else { nil }
  }
}
