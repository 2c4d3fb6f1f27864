// The rules of the tree's shape and of what napkins do with it.

struct StoredVariableRule: LintRule {
  static let id: Finding.Rule = "stored-var"
  /// A component is `@unchecked Sendable`: a stored `var` in it is a data race waiting to happen.
  func check(_ context: LintContext) -> [Finding] {
    context.wiring.components.flatMap { component in
      component.properties.compactMap { property -> Finding? in
        guard case .stored(isVariable: true) = property.kind else { return nil }
        return finding(
          at: property.keywordPosition,
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

/// `shared` takes its key from `#function`: a method's name is the same for every argument.
struct SharedInMethodWithParametersRule: LintRule {
  static let id: Finding.Rule = "shared-in-method-with-parameters"
  func check(_ context: LintContext) -> [Finding] {
    context.componentSharedScopes.compactMap { scope in
      guard case .function(let name, let count) = scope.kind, count > 0,
        let first = scope.calls.first
      else { return nil }
      return finding(
        at: first,
        message: "`shared` in \(scope.enclosingType).\(name), a method with \(count) parameter"
          + (count == 1 ? "" : "s") + ": its key is the method's name, so every argument "
          + "gets the instance built for the first call",
        fix: "move it to a computed property without parameters, or pass "
          + "`forCallerKey:` with a key that includes the arguments",
        components: [scope.enclosingType]
      )
    }
  }
}

/// `shared` takes its key from `#function`: two calls in one accessor get the same key.
struct SharedCalledTwiceRule: LintRule {
  static let id: Finding.Rule = "shared-called-twice"
  func check(_ context: LintContext) -> [Finding] {
    context.componentSharedScopes.flatMap { scope in
      let place: String
      switch scope.kind {
      case .accessor(let property): place = "the accessors of `\(property)`"
      case .function(let name, _): place = "`\(name)`"
      case .initializer: place = "an initializer"
      }
      return scope.calls.dropFirst().map { call in
        finding(
          at: call,
          message: "`shared` called \(scope.calls.count) times in \(place) of "
            + "\(scope.enclosingType): every call gets the same `#function` key, and one key "
            + "holds one instance (another type stops the program; a call inside the first "
            + "one's factory is a cycle)",
          fix: "give each instance a computed property of its own, and read that property "
            + "here",
          components: [scope.enclosingType]
        )
      }
    }
  }
}

struct UnconformedDependencyRule: LintRule {
  static let id: Finding.Rule = "unconformed-dependency"
  /// A dependency protocol no component conforms to: the napkin that needs it has no parent.
  func check(_ context: LintContext) -> [Finding] {
    let wiring = context.wiring
    let conformed = Set(wiring.components.flatMap(\.conformances))
    // Who needs each protocol, indexed once: the rule stays linear in protocols and components.
    let needs = wiring.components.flatMap { component in
      Set(component.dependencyProtocols).map { (name: $0, component: component.name) }
    }
    let needers = Dictionary(grouping: needs, by: \.name).mapValues { $0.map(\.component) }
    // A child some component builds with `self` has a parent: `edge-not-conformed` names it.
    let built = wiring.refinements(
      of: wiring.components.flatMap(\.children).filter { $0.callSite != nil }.flatMap(\.protocols))
    return wiring.dependencyProtocols.subtracting(conformed).subtracting(built).compactMap {
      name in
      guard let declared = wiring.protocols[name] else { return nil }
      let users = needers[name] ?? []
      let who = users.isEmpty ? "" : " (needed by \(users.joined(separator: ", ")))"
      let child = name.hasSuffix("Dependency") ? String(name.dropLast("Dependency".count)) : name
      return finding(
        at: declared.position,
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
  static let id: Finding.Rule = "unused-pass-through"
  /// A pass-through (`dependency.x`) that no child's dependency protocol requires and that no
  /// file reads on the component's type (see ``MemberReadCollector`` for what shows the type).
  func check(_ context: LintContext) -> [Finding] {
    let wiring = context.wiring
    let reads = Set(wiring.files.flatMap(\.memberReads))
    return wiring.components.flatMap { component in
      let required = Set(
        component.conformances.flatMap { wiring.protocols[$0]?.requirements ?? [] })
      return component.properties.filter { property in
        guard case .passThrough = property.kind, !required.contains(property.name) else {
          return false
        }
        return !reads.contains(MemberRead(type: component.name, member: property.name))
      }.map { property in
        finding(
          at: property.position,
          message: "pass-through `\(property.name)` in \(component.name) is used by no child: "
            + "no dependency protocol \(component.name) conforms to requires it, and nothing "
            + "reads it on a \(component.name)",
          fix: "remove it, or add `var \(property.name): ... { get }` to the dependency "
            + "protocol of the child that needs it",
          components: [component.name]
        )
      }
    }
  }
}

struct ParentCycleRule: LintRule {
  static let id: Finding.Rule = "parent-cycle"
  /// Components that are their own ancestors: no root builds any of them, so the app can never
  /// reach them, and the compiler, which checks each edge alone, does not notice.
  func check(_ context: LintContext) -> [Finding] {
    let wiring = context.wiring
    return wiring.parentCycles.compactMap { cycle in
      guard let first = cycle.first.flatMap(wiring.component(named:)) else { return nil }
      let chain = cycle.compactMap(wiring.component(named:)).map {
        "\($0.name) (\($0.position)) has the parent \($0.parents.joined(separator: ", "))"
      }
      return finding(
        at: first.position,
        message: "a cycle of parents: " + chain.joined(separator: "; ")
          + ", so each component is its own ancestor and no root builds any of them",
        fix: "give one of them the dependency protocol of the component that really builds it, "
          + "or make the top one an `EmptyComponent`",
        components: cycle)
    }
  }
}

struct LifecycleInInitializerRule: LintRule {
  static let id: Finding.Rule = "lifecycle-in-initializer"
  /// `task { }` or `disposeOnDeactivate` in an interactor's `init`: there is no active scope yet,
  /// so the work either never starts or is tied to nothing, and an interactor that is built but
  /// never attached leaks it.
  func check(_ context: LintContext) -> [Finding] {
    context.wiring.files.flatMap(\.interactorInitCalls).map { call in
      finding(
        at: call.position,
        message: "`\(call.call)` in the initializer of \(call.interactor): the interactor is not "
          + "active yet (it may be built and never attached), so the work has no active scope "
          + "to end with",
        fix: "move it to `didBecomeActive()`, where the interactor's active scope starts")
    }
  }
}

struct ChildRouterDroppedAttachedRule: LintRule {
  static let id: Finding.Rule = "child-router-dropped-attached"
  /// A router's stored child replaced or set to `nil` where nothing detaches it: the old child
  /// stays attached and active, and no property is left to detach it through.
  func check(_ context: LintContext) -> [Finding] {
    context.wiring.files.flatMap(\.childRouterAssignments).map { assignment in
      finding(
        at: assignment.position,
        message: "`\(assignment.method)` in \(assignment.router) "
          + (assignment.isNil
            ? "sets `\(assignment.property)` to nil" : "overwrites `\(assignment.property)`")
          + " without `detachChild`: the child it held stays attached and active, with no "
          + "property left to detach it through",
        fix:
          "call `detachChild(\(assignment.property))` first (with `if let \(assignment.property)`), "
          + "or check `\(assignment.property) == nil` before attaching another")
    }
  }
}
