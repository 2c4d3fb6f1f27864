/// The component tree as a Mermaid flowchart, for Markdown that renders Mermaid.
///
/// Node ids are generated (`n0`, `n1`...), never taken from the source: a raw identifier such
/// as ``class `Child --> Z` `` would otherwise be read as Mermaid syntax. Names appear only in
/// quoted labels, with every character Mermaid gives a meaning to written as an entity.
enum MermaidGraph {
  static func render(_ wiring: Wiring) -> String {
    var lines = ["graph TD"]
    let ids = Dictionary(wiring.components.enumerated().map { ($1.name, "n\($0)") }) { _, last in
      last
    }
    for (index, component) in wiring.components.enumerated() {
      var label = [component.name]
      label += component.memberGroups.map { "\($0.label): " + $0.names.joined(separator: ", ") }
      lines.append("  n\(index)[\"\(label.map(escaped).joined(separator: "<br/>"))\"]")
    }
    for component in wiring.components {
      for edge in component.children {
        guard let from = ids[component.name], let to = ids[edge.child] else { continue }
        lines.append("  \(from) -->|\(escaped(edge.protocolName))| \(to)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Mermaid's entity codes (`#quot;`, `#35;`) stand for the characters its syntax uses.
  private static let entities: [Character: String] = [
    "\"": "#quot;", "#": "#35;", "|": "#124;", "<": "#lt;", ">": "#gt;", "`": "#96;", "[": "#91;",
    "]": "#93;", "{": "#123;", "}": "#125;", "(": "#40;", ")": "#41;", "\n": " ", "\r": " ",
  ]

  private static func escaped(_ text: String) -> String {
    text.map { entities[$0] ?? String($0) }.joined()
  }
}
