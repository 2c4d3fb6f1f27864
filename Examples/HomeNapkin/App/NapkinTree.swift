import Napkin

/// Prints the live router tree: one napkin a line, indented two spaces per level.
enum NapkinTree {
  @MainActor
  static func describe(_ router: any Routing) -> String {
    var text = ""
    append(router, depth: 0, to: &text)
    return text
  }

  /// The napkin's name: its router's type without the `Router` suffix.
  @MainActor
  static func name(of router: any Routing) -> String {
    let type = String(describing: Swift.type(of: router))
    return type.hasSuffix("Router") ? String(type.dropLast("Router".count)) : type
  }

  @MainActor
  private static func append(_ router: any Routing, depth: Int, to text: inout String) {
    text += String(repeating: "  ", count: depth) + name(of: router) + "\n"
    for child in router.children {
      append(child, depth: depth + 1, to: &text)
    }
  }
}
