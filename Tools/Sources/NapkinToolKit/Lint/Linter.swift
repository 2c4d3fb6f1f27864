/// The lint rules, run over a resolved ``Wiring``.
enum Linter {
  static func findings(in wiring: Wiring) -> [Finding] {
    let context = LintContext(wiring)
    let findings = Rules.all.filter(\.isLinted).flatMap { $0.check(context) }
    return findings.sorted { ($0.position, $0.rule.rawValue) < ($1.position, $1.rule.rawValue) }
  }

  /// `task { }` or `disposeOnDeactivate` in an interactor's `init`: there is no active scope yet,
  /// so the work either never starts or is tied to nothing, and an interactor that is built but
  /// never attached leaks it.
  static func lifecycleInInitializers(_ wiring: Wiring) -> [Finding] {
    wiring.files.flatMap(\.interactorInitCalls).map { call in
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

  /// A router's stored child replaced or set to `nil` where nothing detaches it: the old child
  /// stays attached and active, and no property is left to detach it through.
  static func childRoutersDroppedAttached(_ wiring: Wiring) -> [Finding] {
    wiring.files.flatMap(\.childRouterAssignments).map { assignment in
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

  /// Components that are their own ancestors: no root builds any of them, so the app can never
  /// reach them, and the compiler, which checks each edge alone, does not notice.
  static func parentCycles(_ wiring: Wiring) -> [Finding] {
    wiring.parentCycles.compactMap { cycle in
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

  /// A component is `@unchecked Sendable`: a stored `var` in it is a data race waiting to happen.
  static func storedVariables(_ wiring: Wiring) -> [Finding] {
    wiring.components.flatMap { component in
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

  /// `shared` takes its key from `#function`: a method's name is the same for every argument,
  /// and two calls in one accessor get the same key.
  static func sharedKeyCollisions(_ wiring: Wiring) -> [Finding] {
    let componentNames = Set(wiring.components.map(\.name))
    var findings: [Finding] = []
    for file in wiring.files {
      for scope in file.sharedScopes where componentNames.contains(scope.enclosingType) {
        let owner = scope.enclosingType
        if case .function(let name, let count) = scope.kind, count > 0,
          let first = scope.calls.first
        {
          findings.append(
            Finding(
              rule: .sharedInMethodWithParameters,
              position: first,
              message: "`shared` in \(owner).\(name), a method with \(count) parameter"
                + (count == 1 ? "" : "s") + ": its key is the method's name, so every argument "
                + "gets the instance built for the first call",
              fix: "move it to a computed property without parameters, or pass "
                + "`forCallerKey:` with a key that includes the arguments",
              components: [owner]
            )
          )
        }
        guard scope.calls.count > 1 else { continue }
        let place: String
        switch scope.kind {
        case .accessor(let property): place = "the accessors of `\(property)`"
        case .function(let name, _): place = "`\(name)`"
        case .initializer: place = "an initializer"
        }
        for call in scope.calls.dropFirst() {
          findings.append(
            Finding(
              rule: .sharedCalledTwice,
              position: call,
              message: "`shared` called \(scope.calls.count) times in \(place) of \(owner): "
                + "every call gets the same `#function` key, and one key holds one instance "
                + "(another type stops the program; a call inside the first one's factory is "
                + "a cycle)",
              fix: "give each instance a computed property of its own, and read that property "
                + "here",
              components: [owner]
            )
          )
        }
      }
    }
    return findings
  }

  /// A dependency protocol no component conforms to: the napkin that needs it has no parent.
  static func unconformedDependencies(_ wiring: Wiring) -> [Finding] {
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

  /// A pass-through (`dependency.x`) that no child's dependency protocol requires and that no
  /// file reads on the component's type (see ``MemberReadCollector`` for what shows the type).
  static func unusedPassThroughs(_ wiring: Wiring) -> [Finding] {
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
