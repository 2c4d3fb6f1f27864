/// The component tree drawn with box-drawing characters, one component per line and its
/// members beneath it.
///
/// Drawn with a stack of its own, never by recursion, so that no depth of input can overflow the
/// thread's stack; and linear in the input: each component is drawn once, at its first place
/// (later places name it and say so), and a branch deeper than ``maximumIndentedDepth`` levels
/// is continued as a tree of its own below, so that no line's indentation grows with the depth.
enum TextGraph {
  /// Levels drawn below a tree's first line before a branch is continued below. Far deeper than
  /// any app's tree; it bounds each line to some 200 columns of indentation.
  static let maximumIndentedDepth = 64

  static func render(_ wiring: Wiring) -> String {
    var drawing = Drawing(wiring: wiring)
    for root in wiring.roots where !drawing.drawn.contains(root.name) {
      var suffix = "  \(root.position)"
      if let note = root.orphanNote {
        suffix += "  (orphan: \(TerminalText.name(note)))"
      } else if !root.parents.isEmpty {
        suffix +=
          "  (in a cycle of parents: its parents are "
          + "\(root.parents.map(TerminalText.name).joined(separator: ", ")))"
      }
      drawing.draw(root, title: TerminalText.name(root.name) + suffix)
    }
    var next = 0
    while next < drawing.continued.count {
      let (node, title) = drawing.continued[next]
      next += 1
      drawing.draw(node, title: title)
    }
    let edges = wiring.components.reduce(0) { $0 + $1.children.count }
    drawing.lines.append(
      "\(wiring.components.count) component\(wiring.components.count == 1 ? "" : "s"), "
        + "\(edges) edge\(edges == 1 ? "" : "s") in \(wiring.files.count) "
        + "file\(wiring.files.count == 1 ? "" : "s")")
    return drawing.lines.joined(separator: "\n") + "\n"
  }

  /// The lines drawn so far, the components drawn, and the branches that did not fit, queued to
  /// be drawn again from the left with their titles.
  private struct Drawing {
    let wiring: Wiring
    var lines: [String] = []
    var drawn: Set<String> = []
    var continued: [(node: ComponentNode, title: String)] = []

    /// Draws `top` and the branch below it, queueing in `continued` what is too deep.
    mutating func draw(_ top: ComponentNode, title: String) {
      drawn.insert(top.name)
      lines.append(title)
      details(of: top, childPrefix: "")
      // Each component being drawn, and the next of its children to draw.
      var stack = [(node: top, childPrefix: "", depth: 0, next: 0)]
      // The names on the stack: a child among them closes a cycle of parents.
      var path: Set<String> = [top.name]
      while let frame = stack.last {
        guard frame.next < frame.node.children.count else {
          path.remove(frame.node.name)
          stack.removeLast()
          continue
        }
        let edge = frame.node.children[frame.next]
        stack[stack.count - 1].next += 1
        let isLast = frame.next == frame.node.children.count - 1
        let connector = frame.childPrefix + (isLast ? "└─ " : "├─ ")
        guard let child = wiring.component(named: edge.child) else { continue }
        let name = TerminalText.name(child.name) + " via " + TerminalText.name(edge.protocolName)
        if path.contains(child.name) {
          lines.append(connector + name + "  (cycle)")
          continue
        }
        if drawn.contains(child.name) {
          lines.append(connector + name + "  (drawn once, at its first place)")
          continue
        }
        drawn.insert(child.name)
        let title = name + "  \(child.position)"
        if frame.depth + 1 >= maximumIndentedDepth {
          lines.append(connector + title + "  (continued below)")
          continued.append(
            (child, title + "  (continued from \(TerminalText.name(frame.node.name)))"))
          continue
        }
        let childPrefix = frame.childPrefix + (isLast ? "   " : "│  ")
        lines.append(connector + title)
        details(of: child, childPrefix: childPrefix)
        stack.append((child, childPrefix, frame.depth + 1, 0))
        path.insert(child.name)
      }
    }

    /// The member lines beneath a component.
    mutating func details(of node: ComponentNode, childPrefix: String) {
      let detailPrefix = childPrefix + (node.children.isEmpty ? "   " : "│  ")
      for group in node.memberGroups {
        lines.append(
          detailPrefix + "\(group.label): "
            + group.names.map(TerminalText.name).joined(separator: ", "))
      }
    }
  }
}
