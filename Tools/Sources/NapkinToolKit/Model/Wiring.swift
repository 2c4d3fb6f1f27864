/// The component tree of a set of source files: which component satisfies which child's
/// dependency protocol, computed from the facts of every file together.
struct Wiring: Sendable {
  /// Components by name, in the order of their declarations.
  private(set) var components: [ComponentNode] = []
  private(set) var protocols: [String: ProtocolFact] = [:]
  /// Every declaration of each protocol: more than one when it is declared in several branches
  /// of an `#if`, and `napkin fix` must write a requirement in each.
  private(set) var protocolDeclarations: [String: [ProtocolFact]] = [:]
  /// The dependency protocols of each builder class (`final class FeedBuilder:
  /// Builder<any FeedDependency>` gives `FeedDependency`).
  private(set) var builderDependencies: [String: [String]] = [:]
  /// Generic component classes (`class AppComponent<D>: Component<D>`): base classes of
  /// components, not napkins of their own.
  private(set) var componentBases: Set<String> = []
  /// Protocols isolated to a global actor, stated or through what they refine (Napkin's
  /// `ViewControllable`, `Buildable`...): a class that conforms in its declaration is too.
  private(set) var mainActorProtocols: Set<String> = []
  /// The members extensions of each protocol declare: defaults a conforming type has.
  private(set) var protocolExtensionMembers: [String: Set<String>] = [:]
  /// `typealias` declarations by name.
  private(set) var typeAliases: [String: TypeAliasFact] = [:]
  /// Protocols that refine `Dependency`, directly or through other protocols.
  private(set) var dependencyProtocols: Set<String> = []
  let files: [FileFacts]
  /// Class names declared more than once (in different modules, or tests next to an app), with
  /// every place; the analysis uses the first.
  private(set) var duplicates: [String: [SourcePosition]] = [:]
  /// Where each component is in `components`.
  private var componentIndex: [String: Int] = [:]
  /// Components that are their own ancestors, one list per cycle (A's parent B, B's C, C's A),
  /// each in declaration order.
  private(set) var parentCycles: [[String]] = []
  /// The first component of each cycle that no parentless component reaches: drawn as a root,
  /// so that the graph shows the cycle instead of leaving it out.
  private var unreachedCycleStarts: [String] = []

  private static let frameworkBases: Set<String> = ["Component", "EmptyComponent"]
  private static let frameworkDependencies: Set<String> = ["Dependency", "EmptyDependency"]

  init(files: [FileFacts]) {
    self.files = files
    for file in files {
      for declared in file.protocols {
        protocolDeclarations[declared.name, default: []].append(declared)
        if protocols[declared.name] == nil { protocols[declared.name] = declared }
      }
      for alias in file.typeAliases where typeAliases[alias.name] == nil {
        typeAliases[alias.name] = alias
      }
    }
    for file in files {
      for declared in file.extensions where protocols[declared.extendedType] != nil {
        protocolExtensionMembers[declared.extendedType, default: []].formUnion(
          declared.properties.map(\.name) + declared.methods.map(\.name))
      }
    }
    // The protocols that refine `Dependency` or `EmptyDependency`, directly or not.
    dependencyProtocols = Self.closure(
      of: Set(protocols.keys), base: Self.frameworkDependencies,
      parents: { [protocols] in protocols[$0]?.inherited ?? [] })
    let isolated = protocols.values.filter { $0.isolation == .globalActor }.map(\.name)
    mainActorProtocols = Self.closure(
      of: Set(protocols.keys), base: MainActorTypes.known.union(isolated),
      parents: { [protocols] in protocols[$0]?.inherited ?? [] })
    resolveComponents()
    for (index, component) in components.enumerated() {
      componentIndex[component.name] = index
    }
    connect()
    findParentCycles()
  }

  func component(named name: String) -> ComponentNode? {
    componentIndex[name].map { components[$0] }
  }

  /// The component a person means by `spelling`, as `graph` draws it: the name itself
  /// (`Session`, `HomeComponent`), the last part of a qualified name (`App.SessionComponent`,
  /// for a component nested in a type), or the name with `Component` added (`Home`).
  func componentName(spelled spelling: String) throws(UsageError) -> String {
    let simple = spelling.split(separator: ".").last.map(String.init) ?? spelling
    var tried: [String] = []
    for candidate in [spelling, simple, simple + "Component"] where !tried.contains(candidate) {
      if component(named: candidate) != nil { return candidate }
      tried.append(candidate)
    }
    throw UsageError(
      message: "no component named \(tried.last ?? spelling) in the sources (looked for "
        + tried.joined(separator: ", ") + "); `napkin graph` lists them")
  }

  /// The components with no parent: roots of trees, or components whose dependency protocol no
  /// component conforms to.
  var roots: [ComponentNode] {
    let starts = Set(unreachedCycleStarts)
    return components.filter { $0.parents.isEmpty || starts.contains($0.name) }
  }

  /// `names` and every protocol they refine, as far as the sources tell.
  func refinements(of names: some Sequence<String>) -> Set<String> {
    Set(refinementOrder(of: Array(names)))
  }

  /// `names` and every protocol they refine, depth first, each once: the order in which a view
  /// declares what they ask.
  func refinementOrder(of names: [String]) -> [String] {
    var order: [String] = []
    var seen: Set<String> = []
    var pending = Array(names.reversed())
    while let name = pending.popLast() {
      guard seen.insert(name).inserted else { continue }
      order.append(name)
      pending += (protocols[name]?.inherited ?? []).reversed()
    }
    return order
  }

  // MARK: Resolution

  /// The names among `names` that reach a name in `base` by following `parents` (a name outside
  /// `names` is followed no further). A walk back from `base` over the edges reversed, without
  /// recursion: the work is linear in the names and their edges, whatever the order of
  /// declaration; a cycle reaches nothing unless one of its names does.
  static func closure(
    of names: Set<String>,
    base: Set<String>,
    parents: (String) -> [String]
  ) -> Set<String> {
    var children: [String: [String]] = [:]
    for name in names {
      for parent in parents(name) { children[parent, default: []].append(name) }
    }
    var reached = base
    var pending = Array(base)
    while let name = pending.popLast() {
      for child in children[name] ?? [] where reached.insert(child).inserted {
        pending.append(child)
      }
    }
    return names.intersection(reached)
  }

  private mutating func resolveComponents() {
    var classes: [String: ClassFact] = [:]
    var order: [String] = []
    for file in files {
      // The framework's own base classes (when its sources are analysed) are not napkins.
      for var declared in file.classes where !Self.frameworkBases.contains(declared.name) {
        resolveAliases(in: &declared)
        if let first = classes[declared.name] {
          duplicates[declared.name, default: [first.position]].append(declared.position)
          continue
        }
        classes[declared.name] = declared
        order.append(declared.name)
      }
    }
    let extensions = Dictionary(grouping: files.flatMap(\.extensions), by: \.extendedType)
    // A class is a component if its superclass is one; the chain may cross files in any order.
    let componentNames = Self.closure(
      of: Set(classes.keys), base: Self.frameworkBases,
      parents: { classes[$0]?.superclass.map { [$0] } ?? [] })
    // A class and the superclasses the sources declare, up the chain: 65 at most, since a
    // chain of classes that are no components may loop.
    func chain(of name: String) -> [ClassFact] {
      var result: [ClassFact] = []
      var current: String? = name
      while result.count < 65, let next = current, let declared = classes[next] {
        result.append(declared)
        current = declared.superclass
      }
      return result
    }
    // A generic base class (`class AppComponent<D>: Component<D>`) passes its subclass's
    // argument on: each parameter stands for what the subclass writes in its place. The first
    // superclass among `bases`, and the names in its generic arguments.
    func base(of name: String, among bases: Set<String>) -> (name: String, arguments: [String])? {
      var given: [String: [String]] = [:]
      for declared in chain(of: name).prefix(64) {
        guard let superclass = declared.superclass else { break }
        let groups = declared.superclassArgumentGroups.map { $0.flatMap { given[$0] ?? [$0] } }
        if bases.contains(superclass) { return (superclass, groups.flatMap { $0 }) }
        let parameters = classes[superclass]?.genericParameters ?? []
        given = [:]
        if parameters.count == 1 {
          given[parameters[0]] = groups.flatMap { $0 }
        } else if parameters.count == groups.count {
          // By position: an argument of any syntax (`[T]`, a closure) keeps its place.
          for (parameter, group) in zip(parameters, groups) { given[parameter] = group }
        }
      }
      return nil
    }
    builderDependencies = classes.keys.reduce(into: [:]) {
      $0[$1] = base(of: $1, among: ["Builder"])?.arguments
    }
    // A component's own methods and its extensions': what it can forward to a child.
    func methods(of name: String) -> [MethodFact] {
      (classes[name]?.methods ?? []) + (extensions[name] ?? []).flatMap(\.methods)
    }
    duplicates = duplicates.filter { componentNames.contains($0.key) }
    for name in order where componentNames.contains(name) {
      guard let declared = classes[name] else { continue }
      if !declared.genericParameters.isEmpty {
        componentBases.insert(name)
        continue
      }
      let found = base(of: name, among: Self.frameworkBases)
      // `Component<any EmptyDependency>` has no parent to find, like `EmptyComponent`.
      let dependency =
        found?.name == "EmptyComponent" ? ["EmptyDependency"] : found?.arguments ?? []
      let added = (extensions[name] ?? []).sorted { $0.position < $1.position }
      // A component's superclasses in the sources are components too, up to the framework's.
      let bases = chain(of: name)
      components.append(
        ComponentNode(
          name: name,
          position: declared.position,
          dependencyProtocols: dependency,
          isRoot: dependency == ["EmptyDependency"],
          conformances: refinements(
            of: bases.prefix(64).flatMap { base in
              base.conformances + (extensions[base.name] ?? []).flatMap(\.conformances)
                + (base.superclass == "EmptyComponent" ? ["EmptyDependency"] : [])
            }),
          properties: declared.properties + added.flatMap(\.properties),
          methods: methods(of: name),
          // What its base classes declare, which it provides as its own.
          inheritedMembers: bases.dropFirst().reduce(into: []) { result, base in
            result.formUnion(base.properties.map(\.name) + methods(of: base.name).map(\.name))
            result.formUnion((extensions[base.name] ?? []).flatMap(\.properties).map(\.name))
          }
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
    connectCallSites()
    for index in components.indices {
      components[index].children.sort { $0.child < $1.child }
    }
  }

  /// Edges the code states by building a child with `self`: `Child(dependency: self)` (or
  /// Needle's `parent: self`) in a component's member, or a builder built so. Such an edge holds
  /// whether or not the parent conforms yet; when it does not, the edge says so, and lint and
  /// fix name the parent they found.
  private mutating func connectCallSites() {
    var existing: Set<[String]> = []
    for parent in components {
      for edge in parent.children { existing.insert([parent.name, edge.child]) }
    }
    var byDependency: [[String]: [Int]] = [:]
    for index in components.indices where !components[index].dependencyProtocols.isEmpty {
      byDependency[components[index].dependencyProtocols, default: []].append(index)
    }
    for file in files {
      for site in file.callSites {
        guard let parentIndex = componentIndex[site.parent] else { continue }
        let children: [Int]
        if let child = componentIndex[site.built] {
          children = [child]
        } else if let needed = builderDependencies[site.built] {
          children = byDependency[needed] ?? []
        } else {
          continue
        }
        for childIndex in children {
          let child = components[childIndex]
          let needed =
            child.dependencyProtocols.isEmpty ? ["EmptyDependency"] : child.dependencyProtocols
          if existing.contains([site.parent, child.name]) {
            // The conformance states it already; the call site says where it is built.
            guard
              let edge = components[parentIndex].children.firstIndex(where: {
                $0.child == child.name
              })
            else { continue }
            if components[parentIndex].children[edge].callSite == nil {
              components[parentIndex].children[edge].callSite = site.position
              components[parentIndex].children[edge].callSiteConditions = site.conditions
            } else if components[parentIndex].children[edge].callSiteConditions != site.conditions {
              // Built under two different `#if`s: the conformance must hold under both.
              components[parentIndex].children[edge].callSiteConditions = Conditions()
            }
            continue
          }
          existing.insert([site.parent, child.name])
          components[childIndex].parents.append(site.parent)
          components[parentIndex].children.append(
            ComponentNode.Edge(
              child: child.name,
              protocolName: needed.joined(separator: " & "),
              callSite: site.position,
              callSiteConditions: site.conditions,
              isConformed: Set(needed).isSubset(of: components[parentIndex].conformances)))
        }
      }
    }
  }

  /// A class's superclass written as a `typealias` (`typealias FeedBase = AppComponent<any
  /// FeedDependency>`) and alias names in its generic arguments, resolved to what they name.
  private func resolveAliases(in declared: inout ClassFact) {
    for _ in 0..<16 {
      guard let superclass = declared.superclass, let alias = typeAliases[superclass],
        let target = alias.names.first, target != superclass
      else { break }
      declared.superclass = target
      if declared.superclassArgumentGroups.isEmpty {
        declared.superclassArgumentGroups = alias.argumentGroups
      }
    }
    declared.superclassArgumentGroups = declared.superclassArgumentGroups.map { group in
      group.flatMap { name -> [String] in
        guard let alias = typeAliases[name], alias.arguments.isEmpty, !alias.names.isEmpty else {
          return [name]
        }
        return alias.names
      }
    }
  }

  /// The cycles of parents (A's parent B, B's C, C's A), found as the strongly connected parts of
  /// the child edges, and where to start drawing those no parentless component reaches.
  private mutating func findParentCycles() {
    let children: [[Int]] = components.map { node in
      node.children.compactMap { componentIndex[$0.child] }
    }
    // A component whose parent is its own type is a chain of links, each another instance: a
    // part of one is no cycle.
    let cycles = StronglyConnected.parts(of: children).filter { $0.count > 1 }.map { $0.sorted() }
      .sorted { $0[0] < $1[0] }
    parentCycles = cycles.map { $0.map { components[$0].name } }
    var reached = Set<Int>()
    func reach(from starts: [Int]) {
      var pending = starts
      while let node = pending.popLast() {
        guard reached.insert(node).inserted else { continue }
        pending += children[node]
      }
    }
    // What the parentless components reach is drawn from them already.
    reach(from: components.indices.filter { components[$0].parents.isEmpty })
    for cycle in cycles where !cycle.contains(where: reached.contains) {
      unreachedCycleStarts.append(components[cycle[0]].name)
      reach(from: [cycle[0]])
    }
  }
}
