/// A requirement a child's dependency protocol makes that its parent does not provide, while
/// the parent's own parent does: the pass-through `napkin fix` writes.
struct MissingPassThrough: Hashable, Sendable {
  var parent: String
  var member: String
  var type: String
  /// The file and brace where the pass-through goes: the edge extension, or the class.
  var memberFile: String
  var memberBrace: Int
  /// The parent's own dependency protocol, when it lacks the requirement.
  var requirementFile: String?
  var requirementBrace: Int?
  var requirementProtocol: String?
  var position: SourcePosition
  var child: String
  var provider: String
}

extension Linter {
  static func missingPassThroughs(_ wiring: Wiring) -> [MissingPassThrough] {
    var result: [MissingPassThrough] = []
    for parent in wiring.components {
      let own = Set(parent.properties.map(\.name))
      let grandparents = parent.parents.compactMap(wiring.component(named:))
      let ownRequirements = Set(
        wiring.refinements(of: parent.dependencyProtocols).flatMap {
          wiring.protocols[$0]?.requirements ?? []
        })
      var seen: Set<String> = []
      for edge in parent.children {
        guard let child = wiring.component(named: edge.child) else { continue }
        for protocolName in wiring.refinements(of: child.dependencyProtocols).sorted() {
          guard let declared = wiring.protocols[protocolName] else { continue }
          for member in declared.requirements where !own.contains(member) {
            guard seen.insert(member).inserted, let type = declared.requirementTypes[member],
              let provider = grandparents.first(where: { grandparent in
                grandparent.properties.contains { $0.name == member }
              }),
              let place = memberPlace(of: parent, for: child.dependencyProtocols, wiring)
            else { continue }
            var missing = MissingPassThrough(
              parent: parent.name, member: member, type: type, memberFile: place.file,
              memberBrace: place.brace, position: place.position, child: child.name,
              provider: provider.name)
            if !ownRequirements.contains(member),
              let first = parent.dependencyProtocols.first,
              let protocolFact = wiring.protocols[first]
            {
              missing.requirementFile = protocolFact.position.file
              missing.requirementBrace = protocolFact.closingBrace
              missing.requirementProtocol = first
            }
            result.append(missing)
          }
        }
      }
    }
    return result
  }

  /// The extension of `parent` that conforms to the child's protocol, else its class.
  private static func memberPlace(
    of parent: ComponentNode,
    for protocols: [String],
    _ wiring: Wiring
  ) -> (file: String, brace: Int, position: SourcePosition)? {
    for file in wiring.files {
      for declared in file.extensions
      where declared.extendedType == parent.name
        && !Set(declared.conformances).isDisjoint(with: protocols)
      {
        return (file.path, declared.closingBrace, declared.position)
      }
    }
    for file in wiring.files {
      for declared in file.classes where declared.name == parent.name {
        return (file.path, declared.closingBrace, declared.position)
      }
    }
    return nil
  }

  static func missingPassThroughFindings(_ wiring: Wiring) -> [Finding] {
    missingPassThroughs(wiring).map { missing in
      let requirement =
        missing.requirementProtocol.map {
          " and `var \(missing.member): \(missing.type) { get }` in \($0)"
        } ?? ""
      return Finding(
        rule: .missingPassThrough,
        position: missing.position,
        message: "\(missing.child)'s dependency asks for `\(missing.member)`, which "
          + "\(missing.provider) provides, but \(missing.parent) does not pass it on: "
          + "\(missing.parent) does not conform",
        fix: "add `var \(missing.member): \(missing.type) { dependency.\(missing.member) }` to "
          + "\(missing.parent)\(requirement) (napkin fix writes it)",
        components: [missing.parent, missing.child])
    }
  }
}
