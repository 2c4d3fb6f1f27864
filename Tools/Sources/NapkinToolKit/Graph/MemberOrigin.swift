/// `napkin why`: where a component's member comes from, following pass-throughs up to the
/// component that builds it, and which components below read it.
enum MemberOrigin {
  /// One step of the answer: a component's property and what it is.
  struct Step: Equatable {
    var component: String
    var property: PropertyFact
  }

  /// Answers for `member`: one chain per component that has it, or the one named by `within`.
  static func explain(
    _ member: String,
    within: String?,
    in wiring: Wiring
  ) throws(UsageError) -> String {
    let holders: [ComponentNode]
    if let within {
      let name = try wiring.componentName(spelled: within)
      guard let component = wiring.component(named: name) else {
        throw UsageError(message: "no component named \(TerminalText.name(name)) in the sources")
      }
      guard component.properties.contains(where: { $0.name == member }) else {
        throw UsageError(
          message: "\(TerminalText.name(name)) has no member named \(TerminalText.name(member)); "
            + "its members are "
            + component.properties.map { TerminalText.name($0.name) }.joined(separator: ", "))
      }
      holders = [component]
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
    /// The member the last pass-through reads, when no parent has it.
    var unresolved: String?
    /// The components below `holder` that read the member, by name.
    var readers: [Step]

    /// The answer as `napkin why` prints it, a line a step, without newlines; names escaped.
    var lines: [String] {
      let shown = TerminalText.name
      var lines: [String] = []
      for (index, step) in chain.enumerated() {
        let lead = index == 0 ? "" : "  from "
        lines.append(
          "\(lead)\(shown(step.component)).\(shown(step.property.name))  "
            + "\(step.property.position)  \(describe(step.property.kind))")
      }
      if let unresolved, let last = chain.last {
        lines.append(
          "  no parent of \(shown(last.component)) has `\(shown(unresolved))`: napkin lint "
            + "reports it")
      }
      if readers.isEmpty {
        lines.append("  read below \(shown(holder)) by no component")
      } else {
        lines.append("  read below \(shown(holder)) by:")
        for reader in readers {
          lines.append("    \(shown(reader.component))  \(reader.property.position)")
        }
      }
      return lines
    }
  }

  /// The answer for `member` of `holder`.
  static func answer(
    for member: String, from holder: ComponentNode, in wiring: Wiring, index: ReaderIndex? = nil
  ) -> Answer {
    let chain = origin(of: member, from: holder, in: wiring)
    return Answer(
      holder: holder.name, chain: chain, unresolved: chain.last?.property.kind.passThroughRead,
      readers: readers(of: member, below: holder, index: index ?? ReaderIndex(wiring)))
  }

  /// The chain from `start` up through pass-throughs (`dependency.x`) to the builder of `x`.
  static func origin(of member: String, from start: ComponentNode, in wiring: Wiring) -> [Step] {
    var steps: [Step] = []
    var visited: Set<String> = []
    var next = start.properties.first { $0.name == member }.map { (start, $0) }
    while case (let node, let property)? = next, visited.insert(node.name).inserted {
      steps.append(Step(component: node.name, property: property))
      guard let read = property.kind.passThroughRead else { break }
      next = parent(of: node, holding: read, in: wiring)
    }
    return steps
  }

  /// The parent a pass-through of `node` reading `member` steps to: the first that has it.
  static func parent(of node: ComponentNode, holding member: String, in wiring: Wiring)
    -> (node: ComponentNode, property: PropertyFact)?
  {
    for parent in node.parents.lazy.compactMap(wiring.component(named:)) {
      if let found = parent.properties.first(where: { $0.name == member }) {
        return (parent, found)
      }
    }
    return nil
  }

  /// Components below `holder` that pass `member` on or read it: a child whose pass-through
  /// reads `dependency.member`, then the same below that child.
  static func readers(of member: String, below holder: ComponentNode, index: ReaderIndex)
    -> [Step]
  {
    var result: [Step] = []
    var pending = [(holder, member)]
    var visited: Set<String> = [holder.name]
    while let (node, read) = pending.popLast() {
      for (child, passing) in index.readers(of: read, below: node)
      where visited.insert(child.name).inserted {
        let place =
          passing.first
          ?? PropertyFact(
            name: read, kind: .computed, position: child.position,
            keywordPosition: child.position)
        result.append(Step(component: child.name, property: place))
        pending += passing.map { (child, $0.name) }
      }
    }
    return result.sorted { $0.component < $1.component }
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
