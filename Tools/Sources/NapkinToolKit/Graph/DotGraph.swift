/// The component tree in Graphviz DOT: `napkin graph --format dot | dot -Tsvg > tree.svg`.
enum DotGraph {
  static func render(_ wiring: Wiring) -> String {
    var lines = [
      "digraph napkin {",
      "  rankdir=TB;",
      "  node [shape=box, fontname=\"Helvetica\"];",
    ]
    for component in wiring.components {
      var label = [component.name]
      label += component.memberGroups.map { "\($0.label): " + $0.names.joined(separator: ", ") }
      let attributes = "label=\"\(label.map(escaped).joined(separator: "\\n"))\""
      let style = component.orphanNote == nil ? "" : ", style=dashed"
      lines.append("  \"\(escaped(component.name))\" [\(attributes)\(style)];")
    }
    for component in wiring.components {
      for edge in component.children {
        lines.append(
          "  \"\(escaped(component.name))\" -> \"\(escaped(edge.child))\" "
            + "[label=\"\(escaped(edge.protocolName))\"];")
      }
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// A line break in a name is the label's own, never a raw one in the file.
  private static let escapes: [Character: String] = [
    "\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\n", "\r\n": "\\n",
  ]

  private static func escaped(_ text: String) -> String {
    text.map { escapes[$0] ?? String($0) }.joined()
  }
}
