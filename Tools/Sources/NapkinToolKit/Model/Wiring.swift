/// The component tree of a set of source files: which component satisfies which child's
/// dependency protocol, computed from the facts of every file together.
struct Wiring: Sendable {
  /// Components by name, in the order of their declarations.
  private(set) var components: [ComponentNode] = []
  private(set) var protocols: [String: ProtocolFact] = [:]
  /// Protocols that refine `Dependency`, directly or through other protocols.
  private(set) var dependencyProtocols: Set<String> = []
  let files: [FileFacts]
  /// Class names declared more than once (in different modules, or tests next to an app), with
  /// every place; the analysis uses the first.
  private(set) var duplicates: [String: [SourcePosition]] = [:]

  private static let frameworkBases: Set<String> = ["Component", "EmptyComponent"]
  private static let frameworkDependencies: Set<String> = ["Dependency", "EmptyDependency"]

  init(files: [FileFacts]) {
    self.files = files
    for file in files {
      for declared in file.protocols where protocols[declared.name] == nil {
        protocols[declared.name] = declared
      }
    }
    dependencyProtocols = Set(
      protocols.keys.filter { name in
        !refinements(of: [name]).isDisjoint(with: Self.frameworkDependencies)
      }
    )
    resolveComponents()
    connect()
  }

  func component(named name: String) -> ComponentNode? {
    components.first { $0.name == name }
  }

  /// The components with no parent: roots of trees, or components whose dependency protocol no
  /// component conforms to.
  var roots: [ComponentNode] {
    components.filter(\.parents.isEmpty)
  }

  /// `names` and every protocol they refine, as far as the sources tell.
  func refinements(of names: some Sequence<String>) -> Set<String> {
    var result: Set<String> = []
    var pending = Array(names)
    while let name = pending.popLast() {
      guard result.insert(name).inserted else { continue }
      pending += protocols[name]?.inherited ?? []
    }
    return result
  }

  // MARK: Resolution

  private mutating func resolveComponents() {
    var classes: [String: ClassFact] = [:]
    var order: [String] = []
    for file in files {
      // The framework's own base classes (when its sources are analysed) are not napkins.
      for declared in file.classes where !Self.frameworkBases.contains(declared.name) {
        if let first = classes[declared.name] {
          duplicates[declared.name, default: [first.position]].append(declared.position)
          continue
        }
        classes[declared.name] = declared
        order.append(declared.name)
      }
    }
    var extensions: [String: [ExtensionFact]] = [:]
    for file in files {
      for declared in file.extensions {
        extensions[declared.extendedType, default: []].append(declared)
      }
    }
    // A class is a component if its superclass is one; the chain may cross files in any order.
    var componentNames: Set<String> = []
    var changed = true
    while changed {
      changed = false
      for (name, declared) in classes where !componentNames.contains(name) {
        guard let superclass = declared.superclass else { continue }
        if Self.frameworkBases.contains(superclass) || componentNames.contains(superclass) {
          componentNames.insert(name)
          changed = true
        }
      }
    }
    func dependencyAndRoot(of name: String, depth: Int = 0) -> ([String], Bool) {
      guard let declared = classes[name], let superclass = declared.superclass, depth < 64 else {
        return ([], false)
      }
      switch superclass {
      case "EmptyComponent": return (["EmptyDependency"], true)
      case "Component":
        // `Component<any EmptyDependency>` has no parent to find, like `EmptyComponent`.
        let arguments = declared.superclassArguments
        return (arguments, arguments == ["EmptyDependency"])
      default: return dependencyAndRoot(of: superclass, depth: depth + 1)
      }
    }
    func directConformances(of name: String, depth: Int = 0) -> [String] {
      guard let declared = classes[name], depth < 64 else { return [] }
      var result = declared.conformances + (extensions[name] ?? []).flatMap(\.conformances)
      if let superclass = declared.superclass, componentNames.contains(superclass) {
        result += directConformances(of: superclass, depth: depth + 1)
      }
      if declared.superclass == "EmptyComponent" {
        result.append("EmptyDependency")
      }
      return result
    }
    duplicates = duplicates.filter { componentNames.contains($0.key) }
    for name in order where componentNames.contains(name) {
      guard let declared = classes[name] else { continue }
      let (dependency, isRoot) = dependencyAndRoot(of: name)
      let added = (extensions[name] ?? []).sorted { $0.position < $1.position }
      components.append(
        ComponentNode(
          name: name,
          position: declared.position,
          dependencyProtocols: dependency,
          isRoot: isRoot,
          conformances: refinements(of: directConformances(of: name)),
          properties: declared.properties + added.flatMap(\.properties)
        )
      )
    }
  }

  private mutating func connect() {
    // Indexed by protocol, so that the work grows with the number of edges, not its square.
    var conformers: [String: [Int]] = [:]
    for index in components.indices {
      for name in components[index].conformances {
        conformers[name, default: []].append(index)
      }
    }
    for childIndex in components.indices {
      let child = components[childIndex]
      guard !child.isRoot, let first = child.dependencyProtocols.first else { continue }
      let needed = Set(child.dependencyProtocols)
      for parentIndex in conformers[first] ?? [] {
        guard needed.isSubset(of: components[parentIndex].conformances) else { continue }
        components[childIndex].parents.append(components[parentIndex].name)
        components[parentIndex].children.append(
          ComponentNode.Edge(
            child: child.name,
            protocolName: child.dependencyProtocols.joined(separator: " & ")
          )
        )
      }
    }
    for index in components.indices {
      components[index].children.sort { $0.child < $1.child }
    }
  }
}
