/// The lint rules, run over a resolved ``Wiring``.
enum Linter {
  static func findings(in wiring: Wiring) -> [Finding] {
    let context = LintContext(wiring)
    let findings = Rules.all.filter(\.isLinted).flatMap { $0.check(context) }
    return findings.sorted { ($0.position, $0.rule.rawValue) < ($1.position, $1.rule.rawValue) }
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

}
