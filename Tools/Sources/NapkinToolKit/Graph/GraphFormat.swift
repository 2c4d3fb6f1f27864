/// The output formats of `napkin graph`.
enum GraphFormat: String, CaseIterable, Sendable {
  case text
  case dot
  case mermaid
  case json
  case html

  func render(_ wiring: Wiring, problems: [InputProblem]) -> String {
    switch self {
    case .text: TextGraph.render(wiring)
    case .dot: DotGraph.render(wiring)
    case .mermaid: MermaidGraph.render(wiring)
    case .json: JSONGraph.render(wiring, problems: problems)
    case .html: HTMLGraph.render(wiring, problems: problems)
    }
  }
}

extension ComponentNode {
  /// The non-empty member groups, labelled as the graph prints them, in the order of how long
  /// an instance lives: per component, per key, per store, per read.
  var memberGroups: [(label: String, names: [String])] {
    [
      ("shared", sharedNames), ("per-key", perKeyNames), ("stores", storeNames),
      ("fresh", freshNames), ("builders", builderNames), ("pass-through", passThroughNames),
      ("reads", readNames),
    ]
    .filter { !$0.names.isEmpty }
  }

  /// Why a component without parents has none, or nil for a real root.
  var orphanNote: String? {
    guard parents.isEmpty, !isRoot else { return nil }
    if dependencyProtocols.isEmpty {
      return "its dependency type is not a protocol napkin can read"
    }
    return "no component conforms to \(dependencyProtocols.joined(separator: " & "))"
  }
}
