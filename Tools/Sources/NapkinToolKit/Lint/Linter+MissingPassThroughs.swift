/// Where `napkin fix` puts a member: before a closing brace, or in a new edge file
/// (`Parent+Child.swift`) for a parent that builds a child with `self` but does not conform yet.
enum MemberPlace: Hashable, Sendable {
  case brace(file: String, offset: Int)
  case edgeFile(EdgeFile)
}

/// The file `napkin fix` writes for an edge the code states at a call site but no conformance
/// does: `nonisolated extension Parent: ChildDependency { ... }` beside the parent's file.
struct EdgeFile: Hashable, Sendable {
  var path: String
  var parent: String
  var protocols: [String]
  /// The parent's file, whose imports and style the new file takes.
  var template: String
  var callSite: SourcePosition
  var child: String
  /// The `#if` clauses of the call site, which the extension stands under.
  var conditions = Conditions()
  /// Why `napkin fix` cannot write it, when it cannot.
  var refusal: String?

  /// The child's napkin, named without `Component`: `Profile` in `HomeComponent+Profile.swift`.
  var napkin: String {
    child.hasSuffix("Component") ? String(child.dropLast("Component".count)) : child
  }
}

/// A requirement a child's dependency protocol makes that a component on the way up does not
/// provide, while an ancestor does: the pass-through `napkin fix` writes in every component
/// between, once.
struct MissingPassThrough: Hashable, Sendable {
  /// The component the pass-through goes in.
  var parent: String
  var member: PassThroughMember
  var places: [MemberPlace]
  /// Each declaration of the parent's own dependency protocol (one per `#if` branch), when it
  /// lacks the requirement.
  var requirementPlaces: [MemberPlace] = []
  var requirementProtocol: String?
  var position: SourcePosition
  var child: String
  var provider: String
}

/// A requirement no ancestor provides, with the chain searched.
struct UnprovidedRequirement: Hashable, Sendable {
  var child: String
  var member: String
  var chain: [String]
  var position: SourcePosition
  /// Why the search stopped short of a root, when it did.
  var stop: String?
}

/// One requirement of a child's protocol, as a pass-through passes it on: its name, its two lines,
/// and where it was declared.
struct PassThroughMember: Hashable, Sendable {
  var name: String
  /// The line in the component: `var x: X { dependency.x }` or `func f(...) { dependency.f(...) }`.
  var declaration: String
  /// The line in its dependency protocol: `var x: X { get }` or `func f(...)`.
  var requirement: String
  /// Why `napkin fix` cannot write it, when it cannot (a variadic method).
  var refusal: String?
  /// The file of the protocol that declares it: the files it is written in need that file's
  /// imports for its types.
  var file: String
}

extension Linter {
  /// The requirements of `protocols` and every protocol they refine, in a stable order.
  private static func requirements(
    of protocols: [String], _ wiring: Wiring
  ) -> [PassThroughMember] {
    let declarations = wiring.refinements(of: protocols).sorted().flatMap {
      wiring.protocolDeclarations[$0] ?? []
    }
    // A member under `#if` is several lines, its `#if`s around it.
    let wrap = { (line: String, conditions: Conditions) in
      conditions.wrap([line]).joined(separator: "\n")
    }
    let result = declarations.flatMap { declared in
      declared.requirements.compactMap { member -> PassThroughMember? in
        guard let type = declared.requirementTypes[member] else { return nil }
        let attributes = declared.requirementAttributes[member].map { $0.isEmpty ? "" : $0 + " " }
        // An effectful getter (`{ get async throws }`) is passed on with its effects.
        let effects = declared.requirementEffects[member] ?? ""
        let read =
          (effects.contains("throws") ? "try " : "") + (effects.contains("async") ? "await " : "")
          + "dependency.\(member)"
        let conditions = declared.requirementConditions[member] ?? Conditions()
        let head = "\(attributes ?? "")var \(member): \(type) "
        return PassThroughMember(
          name: member,
          declaration: wrap(
            head + (effects.isEmpty ? "{ \(read) }" : "{ get \(effects) { \(read) } }"), conditions),
          requirement: wrap(
            head + "{ get" + (effects.isEmpty ? "" : " " + effects) + " }", conditions),
          file: declared.position.file)
      }
        + declared.methods.map { method in
          let attributes = method.attributes.isEmpty ? "" : method.attributes + " "
          return PassThroughMember(
            name: method.name,
            declaration: wrap(
              "\(attributes)\(method.signature) { \(method.forwardedCall) }", method.conditions),
            requirement: wrap(attributes + method.requirement, method.conditions),
            refusal: method.unforwardable, file: declared.position.file)
        }
    }
    var seen: Set<String> = []
    return result.filter { seen.insert($0.name).inserted }
  }

  /// Whether `component` has `member`: its own, one inherited from a base class in the sources
  /// (a generic base component's), or a default in an extension of a protocol it conforms to.
  private static func provides(
    _ component: ComponentNode, _ member: String, _ wiring: Wiring
  ) -> Bool {
    component.properties.contains { $0.name == member }
      || component.methods.contains { $0.name == member }
      || component.inheritedMembers.contains(member)
      || component.conformances.contains {
        wiring.protocolExtensionMembers[$0]?.contains(member) == true
      }
  }

  /// The missing pass-throughs, and the requirements no ancestor provides.
  static func passThroughAnalysis(_ wiring: Wiring) -> (
    missing: [MissingPassThrough], unprovided: [UnprovidedRequirement]
  ) {
    var missing: [MissingPassThrough] = []
    var unprovided: [UnprovidedRequirement] = []
    var planned: Set<[String]> = []
    for parent in wiring.components {
      for edge in parent.children {
        guard let child = wiring.component(named: edge.child) else { continue }
        for requirement in requirements(of: edge.protocols, wiring)
        where !provides(parent, requirement.name, wiring) {
          let asks = { (protocols: [String]) in
            requirements(of: protocols, wiring).contains { $0.name == requirement.name }
          }
          // The nearest ancestor that has it (the parent lacks it), with the way up to it.
          let search = BreadthFirst.path(
            from: parent.name, next: { wiring.component(named: $0)?.parents ?? [] },
            to: {
              wiring.component(named: $0).map { provides($0, requirement.name, wiring) } ?? false
            })
          let position = edge.callSite ?? child.position
          guard let path = search.path, let provider = path.last else {
            unprovided.append(
              UnprovidedRequirement(
                child: child.name, member: requirement.name, chain: search.reached,
                position: position))
            continue
          }
          var below = (name: child.name, edge: edge)
          // From the parent up to the one below the provider.
          for (step, name) in path.dropLast().enumerated() {
            guard let node = wiring.component(named: name) else { break }
            // Each declaration of its own protocol (one per `#if` branch) that lacks it.
            let first = node.dependencyProtocols.first
            let inherited = asks(first.flatMap { wiring.protocols[$0]?.inherited } ?? [])
            let lacking = (first.flatMap { wiring.protocolDeclarations[$0] } ?? []).filter {
              declared in
              !inherited && !declared.requirements.contains(requirement.name)
                && !declared.methods.contains { $0.name == requirement.name }
            }
            let own = lacking.isEmpty && asks(node.dependencyProtocols)
            if planned.insert([name, requirement.name]).inserted {
              let places = memberPlaces(of: node, below: below.edge, wiring)
              var item = MissingPassThrough(
                parent: name, member: requirement, places: places.places,
                position: places.position ?? below.edge.callSite ?? position, child: below.name,
                provider: provider)
              if !own {
                guard !lacking.isEmpty else {
                  unprovided.append(
                    UnprovidedRequirement(
                      child: child.name, member: requirement.name, chain: path,
                      position: position,
                      stop: "\(name)'s dependency (\(first ?? "none")) is not declared in the "
                        + "sources, so it cannot ask its parent for it"))
                  break
                }
                item.requirementProtocol = first
                item.requirementPlaces = lacking.map {
                  .brace(file: $0.position.file, offset: $0.closingBrace)
                }
              }
              missing.append(item)
            }
            // A component whose protocol already asks for it is served by its own parent,
            // whose edge is checked on its own.
            if own { break }
            guard let up = wiring.component(named: path[step + 1]),
              let upEdge = up.children.first(where: { $0.child == name })
            else { break }
            below = (name, upEdge)
          }
        }
      }
    }
    return (missing, unprovided)
  }

  /// Where a pass-through goes in `parent` for the child of `edge`: the extensions that conform
  /// it to the child's protocol (every branch of an `#if`), else its class, else the edge file
  /// `napkin fix` writes; and the place a finding about it points at (the first extension or
  /// class, or the edge's call site).
  static func memberPlaces(
    of parent: ComponentNode,
    below edge: ComponentNode.Edge,
    _ wiring: Wiring
  ) -> (places: [MemberPlace], position: SourcePosition?) {
    if !edge.isConformed, let callSite = edge.callSite {
      return ([.edgeFile(edgeFile(parent: parent, edge: edge))], callSite)
    }
    let protocols = Set(edge.protocols)
    var braces = wiring.files.flatMap { file in
      file.extensions.filter {
        $0.extendedType == parent.name && !protocols.isDisjoint(with: $0.conformances)
      }.map { (file: file.path, offset: $0.closingBrace, position: $0.position) }
    }
    if braces.isEmpty {
      // A class declared in several files is two components (the analysis used the first);
      // branches of one `#if` are one.
      braces = wiring.files.filter { $0.path == parent.position.file }.flatMap { file in
        file.classes.filter { $0.name == parent.name }.map {
          (file: file.path, offset: $0.closingBrace, position: $0.position)
        }
      }
    }
    return (braces.map { .brace(file: $0.file, offset: $0.offset) }, braces.first?.position)
  }

  /// `Parent+Child.swift` beside the parent's file, its name made safe (see ``safeFileName(_:)``);
  /// the path is empty when no safe name exists, and ``EdgeFile/refusal`` says why.
  static func edgeFile(parent: ComponentNode, edge: ComponentNode.Edge) -> EdgeFile {
    let folder = parent.position.file.split(separator: "/", omittingEmptySubsequences: false)
      .dropLast().joined(separator: "/")
    var file = EdgeFile(
      path: "", parent: parent.name, protocols: edge.protocols, template: parent.position.file,
      callSite: edge.callSite ?? parent.position, child: edge.child,
      conditions: edge.callSiteConditions)
    if let name = safeFileName(parent.name), let child = safeFileName(file.napkin) {
      file.path = (folder.isEmpty ? "" : folder + "/") + name + "+" + child + ".swift"
    } else {
      file.refusal =
        "no safe file name can be made of `\(parent.name)+\(file.napkin)` (a part of it would "
        + "keep no letter or digit, or be too long); write `nonisolated extension \(parent.name): "
        + "\(edge.protocolName) {}` by hand"
    }
    return file
  }

  /// A part of a file name from a type's name, never a path: backticks dropped, and every
  /// character but a letter, a digit, a space, `_`, `-` and a `.` after the first replaced by
  /// `_`; nil when no letter or digit is left, or the part is too long for a file system.
  static func safeFileName(_ name: String) -> String? {
    var safe = ""
    for character in name where character != "`" {
      let kept =
        character.isLetter || character.isNumber || " _-".contains(character)
        || (character == "." && !safe.isEmpty)
      safe.append(kept ? character : "_")
    }
    guard safe.contains(where: { $0.isLetter || $0.isNumber }), safe.utf8.count <= 120 else {
      return nil
    }
    return safe
  }

  /// The edges a parent states by building a child with `self` without conforming.
  static func unconformedEdges(_ wiring: Wiring) -> [(
    parent: ComponentNode, edge: ComponentNode.Edge
  )] {
    wiring.components.flatMap { parent in
      parent.children.filter { !$0.isConformed && $0.callSite != nil }.map { (parent, $0) }
    }
  }
}
