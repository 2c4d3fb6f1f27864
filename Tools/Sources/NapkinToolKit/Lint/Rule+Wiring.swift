/// The rules of the tree's shape and of what napkins do with it.
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
