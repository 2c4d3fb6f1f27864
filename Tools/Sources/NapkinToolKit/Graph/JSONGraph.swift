import Foundation

/// The component tree as JSON, for other tools: the `"kind": "graph"` document of
/// `Schema/napkin.schema.json`, whose names a running app's tree snapshot shares.
enum JSONGraph {
  /// The schema number this tool writes and reads; schema numbers only grow.
  static let schema = 1

  struct Document: Codable {
    /// Always ``JSONGraph/schema``: a reader refuses a number it does not know.
    var schema = JSONGraph.schema
    /// Always `graph`, so that a reader can tell it from a `tree-snapshot`.
    var kind = "graph"
    var components: [Component]
    var roots: [String]
    var problems: [InputProblem]
  }

  struct Component: Codable {
    var name: String
    var location: String
    var dependency: [String]
    var parents: [String]
    var children: [Child]
    var shared: [String]
    var perKey: [String]
    var stores: [String]
    var fresh: [String]
    var builders: [String]
    var passThrough: [String]
    /// Computed properties that hand out a value held elsewhere (`boundaries.feeds`).
    var reads: [String]
    var orphan: String?
  }

  struct Child: Codable {
    var name: String
    var via: String
  }

  static func render(_ wiring: Wiring, problems: [InputProblem]) -> String {
    let document = Document(
      components: wiring.components.map { node in
        Component(
          name: node.name,
          location: node.position.description,
          dependency: node.dependencyProtocols,
          parents: node.parents,
          children: node.children.map { Child(name: $0.child, via: $0.protocolName) },
          shared: node.sharedNames,
          perKey: node.perKeyNames,
          stores: node.storeNames,
          fresh: node.freshNames,
          builders: node.builderNames,
          passThrough: node.passThroughNames,
          reads: node.readNames,
          orphan: node.orphanNote
        )
      },
      roots: wiring.roots.map(\.name),
      problems: problems
    )
    return JSONOutput.encode(document)
  }
}

/// Pretty, key-sorted JSON text with a final newline.
enum JSONOutput {
  static func encode(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(value) else { return "{}\n" }
    return escapingForTerminal(String(decoding: data, as: UTF8.self)) + "\n"
  }

  /// JSONEncoder writes DEL, the C1 and bidirectional controls and the line separators raw, which
  /// the console would write as `\u{202E}`, not JSON. As JSON's own `\u202E` (they stand only in
  /// strings, where it means the same character) nothing reaches the terminal raw.
  static func escapingForTerminal(_ json: String) -> String {
    // JSONEncoder escapes the ASCII controls itself; the newlines and indents are its layout.
    let isRaw = { (scalar: Unicode.Scalar) in
      scalar.value > 0x7E && TerminalText.isUnsafeInName(scalar)
    }
    guard json.unicodeScalars.contains(where: isRaw) else { return json }
    return json.unicodeScalars.map { isRaw($0) ? String(format: "\\u%04X", $0.value) : String($0) }
      .joined()
  }
}
