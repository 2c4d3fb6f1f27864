/// The component tree as a Mermaid flowchart, for Markdown that renders Mermaid.
enum MermaidGraph {
  static func render(_ wiring: Wiring) -> String {
    var lines = ["graph TD"]
    for component in wiring.components {
      var label = [component.name]
      label += component.memberGroups.map { "\($0.label): " + $0.names.joined(separator: ", ") }
      lines.append("  \(component.name)[\"\(label.map(escaped).joined(separator: "<br/>"))\"]")
    }
    for component in wiring.components {
      for edge in component.children {
        lines.append("  \(component.name) -->|\(escaped(edge.protocolName))| \(edge.child)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\"": result += "#quot;"
      case "|": result += "#124;"
      case "<": result += "#lt;"
      case ">": result += "#gt;"
      default: result.append(character)
      }
    }
    return result
  }
}
