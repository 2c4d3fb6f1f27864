import SwiftSyntax

/// The rules of the isolation words, and of the restated conformance: each answered by fix with a
/// word written at the declaration its finding names.
extension Finding.Rule {
  static let dependencyNotNonisolated: Self = "dependency-not-nonisolated"
  static let builderEdgeNotMainActor: Self = "builder-edge-not-main-actor"
  static let componentExtensionNotNonisolated: Self = "component-extension-not-nonisolated"
  static let serviceNotNonisolated: Self = "service-not-nonisolated"
  static let staticNotNonisolated: Self = "static-not-nonisolated"
  static let globalNotNonisolated: Self = "global-not-nonisolated"
  static let componentNotRestatingSendable: Self = "component-not-restating-sendable"
}

struct DependencyNotNonisolatedRule: EditingRule {
  let id = Finding.Rule.dependencyNotNonisolated
  func check(_ context: LintContext) -> [Finding] {
    Linter.nonisolatedDependencies(context.wiring)
  }
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit? {
    file.index.protocols[file.key(finding)].map(Self.nonisolatedProtocol)
  }

  /// `nonisolated` right before `protocol`, after any other modifier.
  private static func nonisolatedProtocol(_ declared: ProtocolDeclSyntax) -> (
    [SourceEdit], String
  ) {
    (
      [SyntaxFixes.insertion("nonisolated ", before: declared.protocolKeyword)],
      "wrote `nonisolated protocol \(declared.name.text)`"
    )
  }
}

struct BuilderEdgeNotMainActorRule: EditingRule {
  let id = Finding.Rule.builderEdgeNotMainActor
  func check(_ context: LintContext) -> [Finding] {
    context.componentIsolation.filter { $0.rule == id }
  }
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit? {
    file.index.variables[file.key(finding)].map(Self.mainActorBuilder)
  }

  /// `@MainActor` before the builder property's declaration, its other attributes included.
  private static func mainActorBuilder(_ variable: VariableDeclSyntax) -> ([SourceEdit], String) {
    let name =
      variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? ""
    return (
      [SyntaxFixes.insertion("@MainActor ", before: variable)], "wrote `@MainActor` on `\(name)`"
    )
  }
}

struct ComponentExtensionNotNonisolatedRule: EditingRule {
  let id = Finding.Rule.componentExtensionNotNonisolated
  func check(_ context: LintContext) -> [Finding] {
    context.componentIsolation.filter { $0.rule == id }
  }
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit? {
    file.index.extensions[file.key(finding)].map {
      Self.nonisolatedExtension($0, in: file.bytes, style: file.style)
    }
  }

  /// `nonisolated` right before `extension`. A main-actor extension gives its global actor
  /// attribute up, and the builder properties inside, which must stay main-actor, each get
  /// `@MainActor` of their own: what the lint finding's fix says.
  private static func nonisolatedExtension(
    _ declared: ExtensionDeclSyntax,
    in bytes: [UInt8],
    style: FileStyle
  ) -> ([SourceEdit], String) {
    let name = TypeNames.extendedName(declared)
    var edits = [SyntaxFixes.insertion("nonisolated ", before: declared.extensionKeyword)]
    let actors = declared.attributes.compactMap { $0.as(AttributeSyntax.self) }
      .filter(SyntaxFixes.isGlobalActor)
    guard !actors.isEmpty else { return (edits, "wrote `nonisolated extension \(name)`") }
    edits += actors.map { SyntaxFixes.removal($0, in: bytes, style: style) }
    var builders: [String] = []
    for variable in FactCollector.variables(in: declared.memberBlock.members) {
      let isActorIsolated = variable.attributes.contains {
        $0.as(AttributeSyntax.self).map(SyntaxFixes.isGlobalActor) ?? false
      }
      let isStatic = variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
      guard !isActorIsolated, !isStatic else { continue }
      let isVariable = variable.bindingSpecifier.tokenKind == .keyword(.var)
      let names = variable.bindings.filter {
        PropertyClassifier.kind(of: $0, isVariable: isVariable) == .builder
      }.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
      guard !names.isEmpty else { continue }
      edits.append(SyntaxFixes.insertion("@MainActor ", before: variable))
      builders += names
    }
    let words = actors.map { "`" + $0.trimmedDescription + "`" }.joined(separator: " and ")
    let moved =
      builders.isEmpty
      ? "" : ", and `@MainActor` on " + builders.map { "`\($0)`" }.joined(separator: ", ")
    return (edits, "wrote `nonisolated extension \(name)` in place of \(words)\(moved)")
  }
}

struct ServiceNotNonisolatedRule: EditingRule {
  let id = Finding.Rule.serviceNotNonisolated
  func check(_ context: LintContext) -> [Finding] {
    Linter.servicesNotNonisolated(context.wiring, context.classes)
  }
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit? {
    file.index.types[file.key(finding)].map(Self.nonisolatedType)
  }

  /// `nonisolated` before a service's declaration, ahead of its other modifiers:
  /// `nonisolated final class NetworkService`.
  private static func nonisolatedType(_ declared: DeclSyntax) -> ([SourceEdit], String) {
    let name: String
    let keyword: TokenSyntax
    let modifiers: DeclModifierListSyntax
    if let type = declared.as(ClassDeclSyntax.self) {
      (name, keyword, modifiers) = (type.name.text, type.classKeyword, type.modifiers)
    } else if let type = declared.as(StructDeclSyntax.self) {
      (name, keyword, modifiers) = (type.name.text, type.structKeyword, type.modifiers)
    } else if let type = declared.as(EnumDeclSyntax.self) {
      (name, keyword, modifiers) = (type.name.text, type.enumKeyword, type.modifiers)
    } else {
      return ([], "")
    }
    let before: any SyntaxProtocol = modifiers.first.map { $0 } ?? keyword
    return (
      [SyntaxFixes.insertion("nonisolated ", before: before)],
      "wrote `nonisolated` on \(name), which a component builds"
    )
  }
}

struct StaticNotNonisolatedRule: EditingRule {
  let id = Finding.Rule.staticNotNonisolated
  func check(_ context: LintContext) -> [Finding] { Linter.staticsNotNonisolated(context.wiring) }
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit? {
    file.index.variables[file.key(finding)].map(Self.nonisolatedStatic)
  }

  /// `nonisolated` before a static member's modifiers: `nonisolated static let placeholder`.
  private static func nonisolatedStatic(_ variable: VariableDeclSyntax) -> ([SourceEdit], String) {
    let name =
      variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? ""
    let before: any SyntaxProtocol =
      variable.modifiers.first.map { $0 } ?? variable.bindingSpecifier
    return (
      [SyntaxFixes.insertion("nonisolated ", before: before)],
      "wrote `nonisolated` on static `\(name)`"
    )
  }
}

struct GlobalNotNonisolatedRule: EditingRule {
  let id = Finding.Rule.globalNotNonisolated
  func check(_ context: LintContext) -> [Finding] { Linter.globalsNotNonisolated(context.wiring) }
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit? {
    file.index.functions[file.key(finding)].map(Self.nonisolatedFunction)
  }

  /// `nonisolated` before a free function's modifiers: `nonisolated func makeGreeting()`.
  private static func nonisolatedFunction(_ function: FunctionDeclSyntax) -> SyntaxFixes.Edit {
    let before: any SyntaxProtocol = function.modifiers.first.map { $0 } ?? function.funcKeyword
    return (
      [SyntaxFixes.insertion("nonisolated ", before: before)],
      "wrote `nonisolated` on `\(function.name.text)()`, which a component calls"
    )
  }
}

/// Not linted: the compiler already warns at the same place ("class 'X' must restate inherited
/// '@unchecked Sendable' conformance"); fix writes it, since it is boilerplate.
struct ComponentNotRestatingSendableRule: EditingRule {
  let id = Finding.Rule.componentNotRestatingSendable
  let isLinted = false
  func check(_ context: LintContext) -> [Finding] { Linter.unrestatedSendables(context.wiring) }
  func edit(_ finding: Finding, in file: SyntaxFixes.File) -> SyntaxFixes.Edit? {
    file.index.classes[file.key(finding)].flatMap {
      Self.restatedSendable($0, in: file.bytes, style: file.style)
    }
  }

  /// `, @unchecked Sendable` after the last inherited type. When that makes the line longer than
  /// the line length, it goes on a line of its own and the opening brace on the next, the shape
  /// swift-format gives a wrapped declaration.
  private static func restatedSendable(
    _ declared: ClassDeclSyntax,
    in bytes: [UInt8],
    style: FileStyle
  ) -> ([SourceEdit], String)? {
    // A component always has a superclass, so a class without one is not what lint saw.
    guard let last = declared.inheritanceClause?.inheritedTypes.last else { return nil }
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
