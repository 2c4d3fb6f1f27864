/// A lint rule: the identifier printed with its findings, and the check that finds them (each
/// finding carries its message and the words of its fix). Each rule is one type, listed once,
/// in ``Rules/all``: lint runs the checks, and fix the edits of the ``EditingRule``s.
protocol LintRule: Sendable {
  /// The identifier printed with each finding.
  var id: Finding.Rule { get }
  /// False for a rule only `napkin fix` acts on, whose finding the compiler already reports.
  var isLinted: Bool { get }
  func check(_ context: LintContext) -> [Finding]
}

extension LintRule {
  var isLinted: Bool { true }
}

/// A rule `napkin fix` answers with an edit at the declaration a finding names (a word such as
/// `nonisolated`); the pass-throughs and edge files, which span files, fix plans itself.
protocol EditingRule: LintRule {
  /// The edit that answers `finding` in its file; nil when the declaration is not where the
  /// finding says (the file changed).
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit?
}

/// What the checks of one run share, each computed once on first use.
final class LintContext {
  let wiring: Wiring
  let classes: ClassIndex
  private(set) lazy var keyCollisions = Linter.sharedKeyCollisions(wiring)
  private(set) lazy var componentIsolation = Linter.isolatedComponentExtensions(wiring)
  private(set) lazy var passThroughFindings = Linter.missingPassThroughFindings(wiring)

  init(_ wiring: Wiring) {
    self.wiring = wiring
    classes = ClassIndex(wiring.files)
  }
}

/// Every rule, once.
enum Rules {
  static let all: [any LintRule] = [
    StoredVariableRule(), SharedInMethodWithParametersRule(), SharedCalledTwiceRule(),
    UnconformedDependencyRule(), UnusedPassThroughRule(), SharedCycleRule(), SharedHoldsUnitRule(),
    SharedNotSendableRule(), SharedCapturesComponentRule(), DependencyNotNonisolatedRule(),
    BuilderEdgeNotMainActorRule(), ComponentExtensionNotNonisolatedRule(), ParentCycleRule(),
    LifecycleInInitializerRule(), ChildRouterDroppedAttachedRule(), MissingPassThroughRule(),
    RequirementNotProvidedRule(), EdgeNotConformedRule(), ServiceNotNonisolatedRule(),
    StaticNotNonisolatedRule(), GlobalNotNonisolatedRule(), ComponentNotRestatingSendableRule(),
  ]

  /// The rule named `id`.
  static func rule(_ id: Finding.Rule) -> (any LintRule)? {
    all.first { $0.id == id }
  }
}

// MARK: Wiring

extension Finding.Rule {
  static let storedVariable: Self = "stored-var"
  static let sharedInMethodWithParameters: Self = "shared-in-method-with-parameters"
  static let sharedCalledTwice: Self = "shared-called-twice"
  static let unconformedDependency: Self = "unconformed-dependency"
  static let unusedPassThrough: Self = "unused-pass-through"
  static let parentCycle: Self = "parent-cycle"
  static let lifecycleInInitializer: Self = "lifecycle-in-initializer"
  static let childRouterDroppedAttached: Self = "child-router-dropped-attached"
}

struct StoredVariableRule: LintRule {
  let id = Finding.Rule.storedVariable
  /// A component is `@unchecked Sendable`: a stored `var` in it is a data race waiting to happen.
  func check(_ context: LintContext) -> [Finding] {
    let wiring = context.wiring
    return wiring.components.flatMap { component in
      component.properties.compactMap { property -> Finding? in
        guard case .stored(isVariable: true) = property.kind else { return nil }
        return Finding(
          rule: .storedVariable,
          position: property.keywordPosition,
          message: "stored `var \(property.name)` in \(component.name): components are "
            + "`@unchecked Sendable`, so nothing guards this variable against concurrent access",
          fix: "make it a `let`, or a computed property over `shared { }`; state that really "
            + "changes belongs in an interactor or behind a `Mutex`",
          components: [component.name]
        )
      }
    }
  }
}

struct SharedInMethodWithParametersRule: LintRule {
  let id = Finding.Rule.sharedInMethodWithParameters
  func check(_ context: LintContext) -> [Finding] {
    context.keyCollisions.filter { $0.rule == id }
  }
}

struct SharedCalledTwiceRule: LintRule {
  let id = Finding.Rule.sharedCalledTwice
  func check(_ context: LintContext) -> [Finding] {
    context.keyCollisions.filter { $0.rule == id }
  }
}

struct UnconformedDependencyRule: LintRule {
  let id = Finding.Rule.unconformedDependency
  /// A dependency protocol no component conforms to: the napkin that needs it has no parent.
  func check(_ context: LintContext) -> [Finding] {
    let wiring = context.wiring
    var conformed: Set<String> = []
    for component in wiring.components {
      conformed.formUnion(component.conformances)
    }
    // Who needs each protocol, indexed once: the rule stays linear in protocols and components.
    var needers: [String: [String]] = [:]
    for component in wiring.components {
      for name in Set(component.dependencyProtocols) {
        needers[name, default: []].append(component.name)
      }
    }
    // A child some component builds with `self` has a parent: `edge-not-conformed` names it.
    var built: Set<String> = []
    for component in wiring.components {
      for edge in component.children where edge.callSite != nil {
        built.formUnion(wiring.refinements(of: edge.protocols))
      }
    }
    return wiring.dependencyProtocols.subtracting(conformed).subtracting(built).compactMap {
      name in
      guard let declared = wiring.protocols[name] else { return nil }
      let users = needers[name] ?? []
      let who = users.isEmpty ? "" : " (needed by \(users.joined(separator: ", ")))"
      let child = name.hasSuffix("Dependency") ? String(name.dropLast("Dependency".count)) : name
      return Finding(
        rule: .unconformedDependency,
        position: declared.position,
        message: "no component conforms to `\(name)`\(who), and none builds it with `self`: "
          + "the napkin has no parent that can build it",
        fix: "build it in the component that should be its parent (`\(child)Component(dependency: "
          + "self)`) and run napkin fix, which writes `nonisolated extension ParentComponent: "
          + "\(name) {}` in `ParentComponent+\(child).swift`; or remove the protocol",
        components: users
      )
    }
  }
}

struct UnusedPassThroughRule: LintRule {
  let id = Finding.Rule.unusedPassThrough
  /// A pass-through (`dependency.x`) that no child's dependency protocol requires and that no
  /// file reads on the component's type (see ``MemberReadCollector`` for what shows the type).
  func check(_ context: LintContext) -> [Finding] {
    let wiring = context.wiring
    var reads: Set<MemberRead> = []
    for file in wiring.files {
      reads.formUnion(file.memberReads)
    }
    var findings: [Finding] = []
    for component in wiring.components {
      let passThroughs = component.properties.filter {
        if case .passThrough = $0.kind { return true }
        return false
      }
      guard !passThroughs.isEmpty else { continue }
      let required = Set(
        component.conformances.flatMap { wiring.protocols[$0]?.requirements ?? [] })
      for property in passThroughs where !required.contains(property.name) {
        if reads.contains(MemberRead(type: component.name, member: property.name)) { continue }
        findings.append(
          Finding(
            rule: .unusedPassThrough,
            position: property.position,
            message: "pass-through `\(property.name)` in \(component.name) is used by no child: "
              + "no dependency protocol \(component.name) conforms to requires it, and nothing "
              + "reads it on a \(component.name)",
            fix: "remove it, or add `var \(property.name): ... { get }` to the dependency "
              + "protocol of the child that needs it",
            components: [component.name]
          )
        )
      }
    }
    return findings
  }
}

struct ParentCycleRule: LintRule {
  let id = Finding.Rule.parentCycle
  /// Components that are their own ancestors: no root builds any of them, so the app can never
  /// reach them, and the compiler, which checks each edge alone, does not notice.
  func check(_ context: LintContext) -> [Finding] {
    let wiring = context.wiring
    return wiring.parentCycles.compactMap { cycle in
      guard let first = cycle.first.flatMap(wiring.component(named:)) else { return nil }
      let chain = cycle.compactMap(wiring.component(named:)).map {
        "\($0.name) (\($0.position)) has the parent \($0.parents.joined(separator: ", "))"
      }
      return Finding(
        rule: .parentCycle,
        position: first.position,
        message: "a cycle of parents: " + chain.joined(separator: "; ")
          + ", so each component is its own ancestor and no root builds any of them",
        fix: "give one of them the dependency protocol of the component that really builds it, "
          + "or make the top one an `EmptyComponent`",
        components: cycle)
    }
  }
}

struct LifecycleInInitializerRule: LintRule {
  let id = Finding.Rule.lifecycleInInitializer
  /// `task { }` or `disposeOnDeactivate` in an interactor's `init`: there is no active scope yet,
  /// so the work either never starts or is tied to nothing, and an interactor that is built but
  /// never attached leaks it.
  func check(_ context: LintContext) -> [Finding] {
    let wiring = context.wiring
    return wiring.files.flatMap(\.interactorInitCalls).map { call in
      Finding(
        rule: .lifecycleInInitializer,
        position: call.position,
        message: "`\(call.call)` in the initializer of \(call.interactor): the interactor is not "
          + "active yet (it may be built and never attached), so the work has no active scope "
          + "to end with",
        fix: "move it to `didBecomeActive()`, where the interactor's active scope starts",
        components: [])
    }
  }
}

struct ChildRouterDroppedAttachedRule: LintRule {
  let id = Finding.Rule.childRouterDroppedAttached
  /// A router's stored child replaced or set to `nil` where nothing detaches it: the old child
  /// stays attached and active, and no property is left to detach it through.
  func check(_ context: LintContext) -> [Finding] {
    let wiring = context.wiring
    return wiring.files.flatMap(\.childRouterAssignments).map { assignment in
      Finding(
        rule: .childRouterDroppedAttached,
        position: assignment.position,
        message: "`\(assignment.method)` in \(assignment.router) "
          + (assignment.isNil
            ? "sets `\(assignment.property)` to nil" : "overwrites `\(assignment.property)`")
          + " without `detachChild`: the child it held stays attached and active, with no "
          + "property left to detach it through",
        fix:
          "call `detachChild(\(assignment.property))` first (with `if let \(assignment.property)`), "
          + "or check `\(assignment.property) == nil` before attaching another",
        components: [])
    }
  }
}

// MARK: Shared instances

extension Finding.Rule {
  static let sharedCycle: Self = "shared-cycle"
  static let sharedHoldsUnit: Self = "shared-holds-builder-or-router"
  static let sharedNotSendable: Self = "shared-not-sendable"
  static let sharedCapturesComponent: Self = "shared-captures-component"
}

struct SharedCycleRule: LintRule {
  let id = Finding.Rule.sharedCycle
  /// A cycle between properties that passes through a `shared` one: the compiler accepts it,
  /// and the first read stops the program with `Napkin: dependency cycle in X: a -> b -> a`.
  ///
  /// The graph has a node per property of every component (its class and its extensions) and
  /// an edge per read in a getter: `b` or `self.b` to the component's own `b`, `dependency.b`
  /// to `b` of each parent (of another type: a parent of the same type is another instance),
  /// and `Child(dependency: self).b` to the child's `b`, which may lead back up. Strongly connected parts are found in one pass (Tarjan's algorithm,
  /// without recursion), so the rule is linear in properties and reads.
  func check(_ context: LintContext) -> [Finding] {
    let wiring = context.wiring
    let graph = PropertyGraph(wiring)
    var findings: [Finding] = []
    for part in StronglyConnected.parts(of: graph.edges) {
      guard
        let start = part.filter({ graph.nodes[$0].property.kind == .shared })
          .min(by: { graph.nodes[$0].property.position < graph.nodes[$1].property.position })
      else { continue }
      let members = Set(part)
      // A part of one node is a cycle only if the node reads itself.
      guard part.count > 1 || graph.edges[start].contains(start) else { continue }
      let path = graph.shortestCycle(from: start, within: members)
      let owner = graph.nodes[start].component
      let chain = path.filter { graph.nodes[$0].property.kind == .shared }.map { node in
        graph.nodes[node].component == owner
          ? graph.nodes[node].property.name
          : "\(graph.nodes[node].component).\(graph.nodes[node].property.name)"
      }
      let name = graph.nodes[start].property.name
      // The run-time message names the shared keys only; the steps between help find the cycle.
      let through = path.filter { graph.nodes[$0].property.kind != .shared }.map {
        "\(graph.nodes[$0].component).\(graph.nodes[$0].property.name)"
      }
      let via = through.isEmpty ? "" : " (through \(through.joined(separator: ", ")))"
      findings.append(
        Finding(
          rule: .sharedCycle,
          position: graph.nodes[start].property.position,
          message: "dependency cycle in \(owner): \((chain + [name]).joined(separator: " -> "))"
            + "\(via): the factory of `\(name)` needs `\(name)` itself, so the first read stops "
            + "the program",
          fix: "break the cycle: hand one side a closure that reads the other later, or a "
            + "weak reference, or build one side fresh",
          components: Array(Set(path.map { graph.nodes[$0].component })).sorted()
        )
      )
    }
    return findings
  }
}

struct SharedHoldsUnitRule: LintRule {
  let id = Finding.Rule.sharedHoldsUnit
  func check(_ context: LintContext) -> [Finding] {
    Linter.sharedUnits(context.wiring, context.classes)
  }
}

struct SharedNotSendableRule: LintRule {
  let id = Finding.Rule.sharedNotSendable
  func check(_ context: LintContext) -> [Finding] {
    Linter.sharedNonSendables(context.wiring, context.classes)
  }
}

struct SharedCapturesComponentRule: LintRule {
  let id = Finding.Rule.sharedCapturesComponent
  /// `shared { Coordinator(component: self) }` where Coordinator keeps a builder or a router:
  /// the component keeps the coordinator, which keeps the component and a unit that holds the
  /// component too, so none of them is ever freed.
  func check(_ context: LintContext) -> [Finding] {
    let wiring = context.wiring
    let classes = context.classes
    var findings: [Finding] = []
    for component in wiring.components {
      for property in component.properties where property.kind == .shared {
        let reads = property.reads
        guard reads.factoryPassesSelf, !reads.factoryBuildsBuilder,
          let built = reads.factoryType, let declared = classes.declaration(of: built),
          !classes.inherits(built, fromAnyOf: Linter.unitBases),
          let kept = declared.properties.first(where: { held in
            held.declaredTypes.contains {
              $0.hasSuffix("Builder") || $0.hasSuffix("Buildable") || $0.hasSuffix("Router")
                || $0.hasSuffix("Routing")
            }
          })
        else { continue }
        findings.append(
          Finding(
            rule: .sharedCapturesComponent,
            position: reads.factoryPosition ?? property.position,
            message: "`\(property.name)` in \(component.name) shares \(built), which is given "
              + "the component itself and keeps `\(kept.name)` (\(kept.declaredTypes.first ?? "")) "
              + "at \(kept.position): the component keeps \(built), which keeps the component, a "
              + "retain cycle the leak detector reports only at run time",
            fix: "give \(built) what it reads instead of `self` (the values, or a builder made "
              + "on each read), or make the reference back to the component `weak`",
            components: [component.name]
          )
        )
      }
    }
    return findings
  }
}

// MARK: Pass-throughs and edges

extension Finding.Rule {
  static let missingPassThrough: Self = "missing-pass-through"
  static let requirementNotProvided: Self = "requirement-not-provided"
  static let edgeNotConformed: Self = "edge-not-conformed"
}

/// Fix writes these itself (``SourceFixer/plans(_:)``): pass-throughs in several files, and the
/// edge file.
struct MissingPassThroughRule: LintRule {
  let id = Finding.Rule.missingPassThrough
  func check(_ context: LintContext) -> [Finding] {
    context.passThroughFindings.filter { $0.rule == id }
  }
}

struct RequirementNotProvidedRule: LintRule {
  let id = Finding.Rule.requirementNotProvided
  func check(_ context: LintContext) -> [Finding] {
    context.passThroughFindings.filter { $0.rule == id }
  }
}

struct EdgeNotConformedRule: LintRule {
  let id = Finding.Rule.edgeNotConformed
  func check(_ context: LintContext) -> [Finding] {
    context.passThroughFindings.filter { $0.rule == id }
  }
}
