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
    /// The state of a running app drawn on the tree, when `--snapshot` named one.
    var snapshot: TreeSnapshot?
  }

  struct Component: Codable {
    var name: String
    var location: String
    var orphan: String?
    var children: [Child]
    var groups: [Group]
    var findings: [Issue]
  }

  typealias Child = JSONGraph.Child

  struct Group: Codable {
    var kind: String
    var members: [Member]
  }

  struct Member: Codable {
    var name: String
    var location: String
    /// Where it comes from and who reads it: `napkin why NAME --in COMPONENT`.
    var why: Why
  }

  /// ``MemberOrigin/Answer`` as data for the page, which draws the same lines `napkin why`
  /// prints.
  struct Why: Codable, Equatable {
    var holder: String
    var chain: [Step]
    var unresolved: String?
    var readers: [Step]

    /// A component's property: `location` is its file:line:column, `what` says what it is.
    struct Step: Codable, Equatable {
      var component: String
      var member: String
      var location: String
      var what: String
    }

    init(_ answer: MemberOrigin.Answer) {
      func step(_ step: MemberOrigin.Step) -> Step {
        Step(
          component: step.component, member: step.property.name,
          location: step.property.position.description,
          what: MemberOrigin.describe(step.property.kind))
      }
      holder = answer.holder
      chain = answer.chain.map(step)
      unresolved = answer.unresolved
      readers = answer.readers.map(step)
    }
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
    var document = self.document(
      wiring, findings: Linter.findings(in: wiring), problems: problems)
    document.snapshot = snapshot
    return HTMLPage.text(title: document.title, data: embeddedJSON(document))
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
    let components = wiring.components.map { node in
      let places = Dictionary(
        node.properties.map { ($0.name, "\($0.position.file):\($0.position.line)") },
        uniquingKeysWith: { first, _ in first })
      return Component(
        name: node.name,
        location: node.position.description,
        orphan: node.orphanNote,
        children: node.children.map { Child(name: $0.child, via: $0.protocolName) },
        groups: node.memberGroups.map { group in
          Group(
            kind: group.label,
            members: group.names.compactMap { name in
              places[name].map {
                Member(
                  name: name, location: $0,
                  why: Why(MemberOrigin.answer(for: name, from: node, in: wiring)))
              }
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

  /// JSON safe inside `<script>`: `<`, `>` and `&` are written as `\u` escapes, so no text
  /// from the sources can close the element or open a comment.
  static func embeddedJSON(_ document: Document) -> String {
    var json = JSONOutput.encode(document)
    json = json.replacingOccurrences(of: "<", with: "\\u003c")
    json = json.replacingOccurrences(of: ">", with: "\\u003e")
    json = json.replacingOccurrences(of: "&", with: "\\u0026")
    return json
  }
}
