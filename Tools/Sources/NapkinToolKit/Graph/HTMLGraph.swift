import Foundation

/// The component tree as one self-contained HTML page: no network, no external script or
/// style. The tree is drawn from JSON embedded in the page, with DOM calls that set text only,
/// so names from the sources never become markup.
///
/// For each component the page shows which child it satisfies through which dependency protocol,
/// its members by kind with their file:line, and its lint findings, marked on the node. An index
/// of every member jumps to its component in one click, and a click on a member shows the
/// `napkin why` answer for it, computed here and embedded as data.
///
/// With a tree snapshot (`--snapshot FILE`, or `?live=FILE` fetched by the page every second) the
/// page marks what runs: attached napkins, active or not, the ones not attached dimmed, the
/// detached-but-alive ones in red with their age, and the shared instances built.
enum HTMLGraph {
  struct Document: Codable {
    var title: String
    var components: [Component]
    var roots: [String]
    var problems: [String]
  }

  struct Component: Codable {
    var name: String
    var location: String
    var orphan: String?
    var children: [JSONGraph.Child]
    var groups: [Group]
    var findings: [Issue]
  }

  struct Group: Codable {
    var kind: String
    var members: [Member]
  }

  /// A member and one step of `napkin why` each way: the page follows the steps from member to
  /// member, so that the data grows with the tree, not with the square of its depth as whole
  /// answers embedded in every member would.
  struct Member: Codable, Equatable {
    var name: String
    /// `file:line`, on its chip.
    var location: String
    /// `file:line:column`, on its line of `napkin why`.
    var position: String
    /// What it is, as `napkin why` says it: ``MemberOrigin/describe(_:)``.
    var what: String
    /// For a pass-through, the member of the parent it reads: `dependency.reads`.
    var reads: String?
    /// The parent member `reads` names, the next line of `napkin why`, when a parent has it.
    var from: MemberOrigin.Step?
    /// The children that read this member through their dependency, in the order of the
    /// edges, with the names of their pass-throughs that read it.
    var readers: [MemberOrigin.Reader]
  }

  struct Issue: Codable {
    var rule: String
    var message: String
    var location: String
  }

  static func render(
    _ wiring: Wiring,
    problems: [InputProblem],
    snapshot: TreeSnapshot? = nil
  ) -> String {
    let document = self.document(
      wiring, findings: Linter.findings(in: wiring), problems: problems)
    return HTMLPage.text(
      title: document.title, data: embeddedJSON(document, snapshot: snapshot?.jsonText))
  }

  static func document(
    _ wiring: Wiring,
    findings: [Finding],
    problems: [InputProblem]
  ) -> Document {
    var byComponent: [String: [Issue]] = [:]
    for finding in findings {
      for name in finding.components {
        byComponent[name, default: []].append(
          Issue(
            rule: finding.rule.rawValue, message: finding.message,
            location: finding.position.description))
      }
    }
    let readers = MemberOrigin.ReaderIndex(wiring)
    let components = wiring.components.map { node in
      let properties = Dictionary(
        node.properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
      return Component(
        name: node.name,
        location: node.position.description,
        orphan: node.orphanNote,
        children: node.children.map { JSONGraph.Child(name: $0.child, via: $0.protocolName) },
        groups: node.memberGroups.map { group in
          Group(
            kind: group.label,
            members: group.names.compactMap { name in
              properties[name].map { member($0, of: node, in: wiring, readers: readers) }
            })
        },
        findings: byComponent[node.name] ?? []
      )
    }
    let count = wiring.components.count
    return Document(
      title: "Napkin component tree: \(count) component\(count == 1 ? "" : "s")",
      components: components,
      roots: wiring.roots.map(\.name),
      problems: problems.map(\.description)
    )
  }

  /// A member with its next step up and its readers one level down.
  private static func member(
    _ property: PropertyFact, of node: ComponentNode, in wiring: Wiring,
    readers: MemberOrigin.ReaderIndex
  ) -> Member {
    let read = property.kind.passThroughRead
    let parent = read.flatMap { MemberOrigin.parent(of: node, holding: $0, in: wiring) }
    return Member(
      name: property.name, location: "\(property.position.file):\(property.position.line)",
      position: property.position.description, what: MemberOrigin.describe(property.kind),
      reads: read,
      from: parent.map { MemberOrigin.Step($0.node.name, $0.property) },
      readers: readers.readers(of: property.name, below: node.name))
  }

  /// JSON safe inside `<script>`: `<`, `>` and `&` are written as `\u` escapes, so no text
  /// from the sources can close the element or open a comment. A snapshot's JSON text, written
  /// by `JSONEncoder` through ``JSONOutput``, goes in as `snapshot`.
  static func embeddedJSON(_ document: Document, snapshot: String? = nil) -> String {
    var json = JSONOutput.encode(document)
    if let snapshot, let end = json.lastIndex(of: "}") {
      json = String(json[..<end]) + ",\n  \"snapshot\" : " + snapshot + "\n}\n"
    }
    for (raw, escaped) in [("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026")] {
      json = json.replacingOccurrences(of: raw, with: escaped)
    }
    return json
  }
}
