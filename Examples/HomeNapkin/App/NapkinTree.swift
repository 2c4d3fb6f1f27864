import Napkin

/// Prints the live router tree: one napkin a line, indented two spaces per level, read from the
/// tree's snapshot (`Routing.treeSnapshot()`), which names each napkin by its router.
enum NapkinTree {
  @MainActor
  static func describe(_ router: any Routing) -> String {
    var text = ""
    append(router.treeSnapshot().root, depth: 0, to: &text)
    return text
  }

  private static func append(_ napkin: NapkinSnapshot, depth: Int, to text: inout String) {
    text += String(repeating: "  ", count: depth) + napkin.name + "\n"
    for child in napkin.children {
      append(child, depth: depth + 1, to: &text)
    }
  }
}
