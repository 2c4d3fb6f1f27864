/// The component tree drawn with box-drawing characters, one component per line and its
/// members beneath it.
enum TextGraph {
  static func render(_ wiring: Wiring) -> String {
    var lines: [String] = []
    let byName = Dictionary(wiring.components.map { ($0.name, $0) }) { first, _ in first }
    for root in wiring.roots {
      var suffix = "  \(root.position)"
      if let note = root.orphanNote {
        suffix += "  (orphan: \(note))"
      } else if !root.parents.isEmpty {
        suffix +=
          "  (in a cycle of parents: its parents are \(root.parents.joined(separator: ", ")))"
      }
      draw(
        root, title: root.name + suffix, prefix: "", childPrefix: "", path: [], byName: byName,
        into: &lines)
    }
    let edges = wiring.components.reduce(0) { $0 + $1.children.count }
    lines.append(
      "\(wiring.components.count) component\(wiring.components.count == 1 ? "" : "s"), "
        + "\(edges) edge\(edges == 1 ? "" : "s") in \(wiring.files.count) "
        + "file\(wiring.files.count == 1 ? "" : "s")")
    return lines.joined(separator: "\n") + "\n"
  }

  private static func draw(
    _ node: ComponentNode,
    title: String,
    prefix: String,
    childPrefix: String,
    path: Set<String>,
    byName: [String: ComponentNode],
    into lines: inout [String]
  ) {
    lines.append(prefix + title)
    let detailPrefix = childPrefix + (node.children.isEmpty ? "   " : "│  ")
    for group in node.memberGroups {
      lines.append(detailPrefix + "\(group.label): " + group.names.joined(separator: ", "))
    }
    let path = path.union([node.name])
    for (index, edge) in node.children.enumerated() {
      let isLast = index == node.children.count - 1
      let connector = childPrefix + (isLast ? "└─ " : "├─ ")
      let nextPrefix = childPrefix + (isLast ? "   " : "│  ")
      guard let child = byName[edge.child] else { continue }
      if path.contains(child.name) {
        lines.append(connector + "\(child.name) via \(edge.protocolName)  (cycle)")
        continue
      }
      draw(
        child, title: "\(child.name) via \(edge.protocolName)  \(child.position)",
        prefix: connector, childPrefix: nextPrefix, path: path, byName: byName, into: &lines)
    }
  }
}
