/// One component of the tree, resolved across files: its class, its extensions, its place.
struct ComponentNode: Hashable, Sendable {
  /// An edge: `child` depends on `protocolName`, which this component conforms to.
  struct Edge: Hashable, Sendable {
    var child: String
    var protocolName: String
  }

  var name: String
  var position: SourcePosition
  /// The protocols in `Component<...>` (inherited from a component superclass if needed).
  var dependencyProtocols: [String]
  /// True for subclasses of `EmptyComponent`: the root of a tree by construction.
  var isRoot: Bool
  /// Every protocol this component conforms to, through extensions and refinements included.
  var conformances: Set<String>
  /// Properties of the class and of its extensions, in source order.
  var properties: [PropertyFact]
  var parents: [String] = []
  var children: [Edge] = []

  func properties(_ wanted: (PropertyKind) -> Bool) -> [PropertyFact] {
    properties.filter { wanted($0.kind) }
  }

  /// The names of the properties of one kind.
  func names(_ wanted: (PropertyKind) -> Bool) -> [String] {
    properties(wanted).map(\.name)
  }

  var sharedNames: [String] { names { $0 == .shared } }
  var perKeyNames: [String] { names { $0 == .perKey } }
  var freshNames: [String] { names { $0 == .fresh } }
  var builderNames: [String] { names { $0 == .builder } }
  var readNames: [String] { names { $0 == .read } }

  var storeNames: [String] {
    names {
      if case .store = $0 { return true }
      return false
    }
  }

  var passThroughNames: [String] {
    names {
      if case .passThrough = $0 { return true }
      return false
    }
  }
}
