import SwiftSyntax

/// The isolation rules of what components and nonisolated types call: services, statics and
/// free functions.
struct ServiceNotNonisolatedRule: EditingRule {
  static let id: Finding.Rule = "service-not-nonisolated"
  /// A service a component builds (`shared { NetworkService() }`, `NetworkService()`), declared
  /// in the sources without an isolation word: in a target whose default isolation is
  /// `MainActor` it is main-actor, and the component, which is nonisolated, cannot call its
  /// initializer. A shared class that is not Sendable is left to ``SharedNotSendableRule``: making
  /// it `nonisolated` would not make it Sendable, and only a person can choose how to guard it.
  func check(_ context: LintContext) -> [Finding] {
    let wiring = context.wiring
    let classes = context.classes
    let values = Dictionary(
      wiring.files.flatMap(\.valueTypes).map { ($0.name, $0) },
      uniquingKeysWith: { first, _ in first })
    // What components build, then what nonisolated services build in turn.
    var builds: [(built: String?, by: String, isShared: Bool, viaStatic: Bool)] =
      wiring.components.flatMap { component in
        component.properties.filter { !$0.isActorIsolated }.compactMap { property in
          let built: String?
          switch property.kind {
          case .shared: built = property.reads.factoryType ?? property.calledType
          case .fresh, .computed, .read: built = property.constructedType ?? property.calledType
          default: return nil
          }
          return (
            built, component.name + "." + property.name, property.kind == .shared,
            property.calledType != nil && property.callsStaticMethod
          )
        }
      }
    builds += wiring.files.flatMap(\.nonisolatedUses).filter {
      $0.member == nil && !$0.callsFunction
    }.map { ($0.type, "the nonisolated \($0.reader)", false, $0.callsStaticMethod) }
    var reported: Set<String> = []
    return builds.compactMap { written, builder, isShared, viaStatic in
      // Through `typealias Client = NetworkClient` to the type itself.
      var built = written
      for _ in 0..<8 {
        guard let name = built, let target = wiring.typeAliases[name]?.names.first,
          target != name
        else { break }
        built = target
      }
      guard let built, !classes.isMainActor(built), !classes.isBuilder(built),
        wiring.component(named: built) == nil, !reported.contains(built)
      else { return nil }
      let position: SourcePosition
      // A nested type takes the isolation of a type around it that states one.
      // A shared class that is not Sendable is the person's choice (``SharedNotSendableRule``);
      // one built fresh on each read needs only a nonisolated initializer.
      if let declared = classes.declaration(of: built), declared.isolation == .unstated,
        !declared.isNested, declared.hasIsolatedInitializer || viaStatic,
        !isShared || classes.sendability(of: built) != .notSendable
      {
        position = declared.position
      } else if let declared = values[built], declared.isolation == .unstated,
        !declared.isNested, declared.hasInitializer || viaStatic
      {
        // A struct's implicit initializer is nonisolated: only a written one is main-actor.
        position = declared.position
      } else {
        return nil
      }
      reported.insert(built)
      return finding(
        at: position,
        message: "\(built), which \(builder) builds, does not say "
          + "`nonisolated`: in a target whose default isolation is `MainActor` (a new Xcode "
          + "26 app) it is main-actor, and that code fails with \"call to main "
          + "actor-isolated initializer 'init(...)' in a synchronous nonisolated context\"",
        fix: "write `nonisolated` before its declaration (napkin fix writes it); SwiftPM's "
          + "default mode accepts it too. The compiler's own fix-it, isolating the caller "
          + "or the conformance to `@MainActor`, ends in \"cannot form main actor-isolated "
          + "conformance\": components are read from any thread")
    }
  }
  /// `nonisolated` before a service's declaration, ahead of its other modifiers:
  /// `nonisolated final class NetworkService`.
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit? {
    guard
      let declared = file.declaration(at: finding, { $0.asProtocol((any DeclGroupSyntax).self) }),
      let name = declared.asProtocol((any NamedDeclSyntax).self)?.name.text
    else { return nil }
    return (
      [SyntaxFixes.nonisolated(declared.modifiers, keyword: declared.introducer)],
      "wrote `nonisolated` on \(name), which a component builds"
    )
  }
}

struct StaticNotNonisolatedRule: EditingRule {
  static let id: Finding.Rule = "static-not-nonisolated"
  /// A static member read in a nonisolated type (`Episode.placeholder` in a service), declared
  /// without `nonisolated` in an extension, or in a type that does not say it: in a target
  /// whose default isolation is `MainActor` it is main-actor, and the read fails with "main
  /// actor-isolated static property 'placeholder' can not be referenced from a nonisolated
  /// context".
  func check(_ context: LintContext) -> [Finding] {
    let wiring = context.wiring
    let statics = Dictionary(
      grouping: wiring.files.flatMap(\.staticMembers), by: { $0.type + "." + $0.member })
    // The isolation each type states, the last declaration of a name winning.
    let stated = Dictionary(
      wiring.files.flatMap { file in
        file.classes.map { ($0.name, $0.isolation) }
          + file.valueTypes.map { ($0.name, $0.isolation) }
      }, uniquingKeysWith: { $1 })
    var reported: Set<SourcePosition> = []
    return wiring.files.flatMap(\.nonisolatedUses).flatMap { use -> [Finding] in
      guard let member = use.member, !context.classes.isMainActor(use.type),
        let typeIsolation = stated[use.type]
      else { return [] }
      return (statics[use.type + "." + member] ?? []).filter { declared in
        declared.isolation == .unstated && (declared.inExtension || typeIsolation == .unstated)
          && reported.insert(declared.position).inserted
      }.map { declared in
        finding(
          at: declared.position,
          message: "`\(use.type).\(member)` is read by the nonisolated \(use.reader) "
            + "(\(use.position)) but does not say `nonisolated`: in a target whose default "
            + "isolation is `MainActor` it is main-actor, and the read fails with \"main "
            + "actor-isolated static property '\(member)' can not be referenced from a "
            + "nonisolated context\"",
          fix: "write `nonisolated static` (napkin fix writes it); SwiftPM's default mode "
            + "accepts it too")
      }
    }
  }
  /// `nonisolated` before a static member's modifiers: `nonisolated static let placeholder`.
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit? {
    file.declaration(at: finding) { $0.as(VariableDeclSyntax.self) }.map {
      (
        [SyntaxFixes.nonisolated($0.modifiers, keyword: $0.bindingSpecifier)],
        "wrote `nonisolated` on static `\(SyntaxFixes.name(of: $0))`"
      )
    }
  }
}

struct GlobalNotNonisolatedRule: EditingRule {
  static let id: Finding.Rule = "global-not-nonisolated"
  /// A free function a component's member calls, declared without `nonisolated`: in a target
  /// whose default isolation is `MainActor` it is main-actor, and the component, which is
  /// nonisolated, cannot call it.
  func check(_ context: LintContext) -> [Finding] {
    let wiring = context.wiring
    let functions = Dictionary(
      wiring.files.flatMap(\.globalFunctions).map { ($0.name, $0) },
      uniquingKeysWith: { first, _ in first })
    // Who calls what: component members, and nonisolated types (a default argument too).
    var calls: [(name: String, caller: String, components: [String])] = wiring.components.flatMap {
      component in
      let own = Set(component.methods.map(\.name))
      return component.properties.filter { !$0.isActorIsolated }.flatMap { property in
        property.calledFunctions.filter { !own.contains($0) }.map {
          ($0, component.name + "." + property.name, [component.name])
        }
      }
    }
    calls += wiring.files.flatMap(\.nonisolatedUses).filter(\.callsFunction).map {
      ($0.type, "the nonisolated " + $0.reader, [])
    }
    var reported: Set<String> = []
    return calls.compactMap { name, caller, components in
      guard let declared = functions[name], declared.isolation == .unstated,
        reported.insert(name).inserted
      else { return nil }
      return finding(
        at: declared.position,
        message: "`\(name)()`, which \(caller) calls, does not say `nonisolated`: in a target "
          + "whose default isolation is `MainActor` (a new Xcode 26 app) it is main-actor, and "
          + "the call fails with \"call to main actor-isolated global function '\(name)()' in "
          + "a synchronous nonisolated context\" (or, in a default argument, \"main "
          + "actor-isolated default value in a nonisolated context\")",
        fix: "write `nonisolated func \(name)` (napkin fix writes it); SwiftPM's default mode "
          + "accepts it too",
        components: components)
    }
  }
  /// `nonisolated` before a free function's modifiers: `nonisolated func makeGreeting()`.
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit? {
    file.declaration(at: finding) { $0.as(FunctionDeclSyntax.self) }.map {
      (
        [SyntaxFixes.nonisolated($0.modifiers, keyword: $0.funcKeyword)],
        "wrote `nonisolated` on `\($0.name.text)()`, which a component calls"
      )
    }
  }
}

/// Not linted: the compiler already warns at the same place ("class 'X' must restate inherited
/// '@unchecked Sendable' conformance"), and lint reports what the compiler cannot see; fix
/// writes it, since it is boilerplate.
struct ComponentNotRestatingSendableRule: EditingRule {
  static let id: Finding.Rule = "component-not-restating-sendable"
  let isLinted = false
  /// A component class whose inheritance clause does not restate `@unchecked Sendable`.
  func check(_ context: LintContext) -> [Finding] {
    let components = context.componentNames.union(context.wiring.componentBases)
    return context.wiring.files.flatMap { file in
      file.classes.compactMap { declared -> Finding? in
        // `Sendable` alone is the compiler's error ("cannot inherit from another class"), which
        // it reports loudly: only a class that says nothing is this rule's.
        guard components.contains(declared.name), !declared.conformances.contains("Sendable")
        else { return nil }
        return finding(
          at: declared.position,
          message: "component \(declared.name) does not restate `@unchecked Sendable`: Swift 6 "
            + "asks every subclass of an `@unchecked Sendable` class to, and warns \"class "
            + "'\(declared.name)' must restate inherited '@unchecked Sendable' conformance\", "
            + "which fails a build that treats warnings as errors",
          fix: "add `@unchecked Sendable` to the end of its inheritance clause, your promise "
            + "that it adds no unguarded mutable state (napkin fix writes it)",
          components: [declared.name]
        )
      }
    }
  }
  /// `, @unchecked Sendable` after the last inherited type. When that makes the line longer than
  /// the line length, it goes on a line of its own and the opening brace on the next, the shape
  /// swift-format gives a wrapped declaration.
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit? {
    // A component always has a superclass, so a class without one is not what lint saw.
    guard let declared = file.declaration(at: finding, { $0.as(ClassDeclSyntax.self) }),
      let last = declared.inheritanceClause?.inheritedTypes.last
    else { return nil }
    let style = file.style
    let bytes = file.bytes
    let report = "restated `@unchecked Sendable` on \(declared.name.text)"
    // After the type, not after a trailing comma: the comma, if any, stays last.
    let end = last.type.endPositionBeforeTrailingTrivia.utf8Offset
    let added = ", @unchecked Sendable"
    let start = SourceEdit.lineStart(of: end, in: bytes)
    let line = String(
      decoding: bytes[start..<SourceEdit.lineEnd(of: end, in: bytes)], as: UTF8.self)
    guard line.count + added.count > SyntaxFixes.lineLength else {
      return ([SourceEdit(offset: end, text: added)], report)
    }
    let declarationStart = declared.positionAfterSkippingLeadingTrivia.utf8Offset
    let indent = SourceEdit.indentation(
      ofLineAt: SourceEdit.lineStart(of: declarationStart, in: bytes), in: bytes)
    let wrapped = "," + style.lineEnding + indent + style.indentUnit + "@unchecked Sendable"
    let brace = declared.memberBlock.leftBrace.positionAfterSkippingLeadingTrivia.utf8Offset
    // Only blanks between the type and `{`: the brace moves down with the conformance. Anything
    // else there (a `where` clause, a line break) stays where it is.
    guard brace >= end, bytes[end..<brace].allSatisfy(SourceEdit.isBlank) else {
      return ([SourceEdit(offset: end, text: wrapped)], report)
    }
    return (
      [SourceEdit(offset: end, removing: brace - end, text: wrapped + style.lineEnding + indent)],
      report
    )
  }
}
