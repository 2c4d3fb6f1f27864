/// One component of the tree, resolved across files: its class, its extensions, its place.
struct ComponentNode: Hashable, Sendable {
  /// An edge: `child` depends on `protocolName`, which this component conforms to.
  struct Edge: Hashable, Sendable {
    var child: String
    var protocolName: String
    /// Where the parent builds the child with `self` (`Child(dependency: self)`), when it does.
    var callSite: SourcePosition?
    /// The `#if` clauses the call site is written in: the conformance `napkin fix` writes for it
    /// stands under the same ones.
    var callSiteConditions = Conditions()
    /// Whether the parent conforms to every protocol the child needs; an edge from a call site
    /// may not yet (the compiler rejects it, and `napkin fix` writes the conformance).
    var isConformed = true
    /// The protocols the child needs of this parent.
    var protocols: [String] {
      protocolName.components(separatedBy: " & ").filter { !$0.isEmpty }
    }
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
  /// Methods of the class and of its extensions (and of component superclasses).
  var methods: [MethodFact] = []
  /// The names of the members its base classes in the sources declare (a generic base
  /// component's), which it provides as its own.
  var inheritedMembers: Set<String> = []
  var parents: [String] = []
  var children: [Edge] = []

  /// The names of the properties of one kind.
  func names(_ wanted: (PropertyKind) -> Bool) -> [String] {
    properties.filter { wanted($0.kind) }.map(\.name)
  }

  var sharedNames: [String] { names { $0 == .shared } }
  var perKeyNames: [String] { names { $0 == .perKey } }
  var freshNames: [String] { names { $0 == .fresh } }
  var builderNames: [String] { names { $0 == .builder } }
  var readNames: [String] { names { $0 == .read } }

  var storeNames: [String] { names { if case .store = $0 { true } else { false } } }
  var passThroughNames: [String] { names { if case .passThrough = $0 { true } else { false } } }
}
