import SwiftParser
import SwiftSyntax

/// One finding answered: the edits that make it go away, and what `napkin fix` says it did.
struct PlannedFix: Sendable {
  var position: SourcePosition
  var edits: [SourceEdit]
  var report: String
}

/// The fixes for the isolation findings and the restated conformance, placed in one file's
/// syntax: each finding's position names a declaration, and the edit goes next to that
/// declaration's keyword or inheritance clause, leaving every other byte as it was.
enum SyntaxFixes {
  /// The edits that answer one finding, and what `napkin fix` says it did.
  typealias Edit = (edits: [SourceEdit], report: String)

  /// One file's text and declarations, where an ``EditingRule`` places its edit.
  struct File {
    let index: DeclarationIndex
    let bytes: [UInt8]
    let style: FileStyle

    /// Where `finding` points, as the index has it.
    func key(_ finding: Finding) -> DeclarationIndex.Key {
      DeclarationIndex.Key(line: finding.position.line, column: finding.position.column)
    }
  }

  /// The line length of the committed `.swift-format`: a restated conformance that would make
  /// its line longer goes on a line of its own, as swift-format would put it.
  static let lineLength = 100

  /// The fixes for `findings`, all in the file whose text is `bytes`. Call it on a thread of
  /// ``ParserThreads``: the parser needs its stack.
  static func fixes(
    for findings: [Finding],
    in bytes: [UInt8],
    style: FileStyle
  ) throws(UsageError) -> [PlannedFix] {
    let changed = UsageError(message: "the file changed since it was read; run napkin fix again")
    guard let source = String(validating: bytes, as: UTF8.self), NestingGuard.check(source) == nil
    else { throw changed }
    var parser = Parser(source, maximumNestingLevel: NestingGuard.maximumDepth)
    let tree = SourceFileSyntax.parse(from: &parser)
    let index = DeclarationIndex(converter: SourceLocationConverter(fileName: "", tree: tree))
    index.walk(tree)
    let file = File(index: index, bytes: bytes, style: style)
    return try findings.map { finding throws(UsageError) in
      guard let rule = Rules.rule(finding.rule) as? any EditingRule,
        let fix = rule.edit(finding, in: file)
      else { throw changed }
      return PlannedFix(position: finding.position, edits: fix.edits, report: fix.report)
    }
  }

  /// `nonisolated` before a free function's modifiers: `nonisolated func makeGreeting()`.
  static func nonisolatedFunction(_ function: FunctionDeclSyntax) -> Edit {
    let before: any SyntaxProtocol = function.modifiers.first.map { $0 } ?? function.funcKeyword
    return (
      [insertion("nonisolated ", before: before)],
      "wrote `nonisolated` on `\(function.name.text)()`, which a component calls"
    )
  }

  /// `nonisolated` right before `protocol`, after any other modifier.
  static func nonisolatedProtocol(_ declared: ProtocolDeclSyntax) -> (
    [SourceEdit], String
  ) {
    (
      [insertion("nonisolated ", before: declared.protocolKeyword)],
      "wrote `nonisolated protocol \(declared.name.text)`"
    )
  }

  /// `nonisolated` before a service's declaration, ahead of its other modifiers:
  /// `nonisolated final class NetworkService`.
  static func nonisolatedType(_ declared: DeclSyntax) -> ([SourceEdit], String) {
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
      [insertion("nonisolated ", before: before)],
      "wrote `nonisolated` on \(name), which a component builds"
    )
  }

  /// `nonisolated` before a static member's modifiers: `nonisolated static let placeholder`.
  static func nonisolatedStatic(_ variable: VariableDeclSyntax) -> ([SourceEdit], String) {
    let name =
      variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? ""
    let before: any SyntaxProtocol =
      variable.modifiers.first.map { $0 } ?? variable.bindingSpecifier
    return ([insertion("nonisolated ", before: before)], "wrote `nonisolated` on static `\(name)`")
  }

  /// `nonisolated` right before `extension`. A main-actor extension gives its global actor
  /// attribute up, and the builder properties inside, which must stay main-actor, each get
  /// `@MainActor` of their own: what the lint finding's fix says.
  static func nonisolatedExtension(
    _ declared: ExtensionDeclSyntax,
    in bytes: [UInt8],
    style: FileStyle
  ) -> ([SourceEdit], String) {
    let name = TypeNames.extendedName(declared)
    var edits = [insertion("nonisolated ", before: declared.extensionKeyword)]
    let actors = declared.attributes.compactMap { $0.as(AttributeSyntax.self) }
      .filter(isGlobalActor)
    guard !actors.isEmpty else { return (edits, "wrote `nonisolated extension \(name)`") }
    edits += actors.map { removal($0, in: bytes, style: style) }
    var builders: [String] = []
    for variable in FactCollector.variables(in: declared.memberBlock.members) {
      let isActorIsolated = variable.attributes.contains {
        $0.as(AttributeSyntax.self).map(isGlobalActor) ?? false
      }
      let isStatic = variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
      guard !isActorIsolated, !isStatic else { continue }
      let isVariable = variable.bindingSpecifier.tokenKind == .keyword(.var)
      let names = variable.bindings.filter {
        PropertyClassifier.kind(of: $0, isVariable: isVariable) == .builder
      }.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
      guard !names.isEmpty else { continue }
      edits.append(insertion("@MainActor ", before: variable))
      builders += names
    }
    let words = actors.map { "`" + $0.trimmedDescription + "`" }.joined(separator: " and ")
    let moved =
      builders.isEmpty
      ? "" : ", and `@MainActor` on " + builders.map { "`\($0)`" }.joined(separator: ", ")
    return (edits, "wrote `nonisolated extension \(name)` in place of \(words)\(moved)")
  }

  /// `@MainActor` before the builder property's declaration, its other attributes included.
  static func mainActorBuilder(_ variable: VariableDeclSyntax) -> ([SourceEdit], String) {
    let name =
      variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? ""
    return ([insertion("@MainActor ", before: variable)], "wrote `@MainActor` on `\(name)`")
  }

  /// `, @unchecked Sendable` after the last inherited type. When that makes the line longer than
  /// the line length, it goes on a line of its own and the opening brace on the next, the shape
  /// swift-format gives a wrapped declaration.
  static func restatedSendable(
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
    guard line.count + added.count > lineLength else {
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

  /// `text` right before `node`'s first token, after its leading trivia (comments stay above).
  private static func insertion(_ text: String, before node: some SyntaxProtocol) -> SourceEdit {
    SourceEdit(offset: node.positionAfterSkippingLeadingTrivia.utf8Offset, text: text)
  }

  /// The attribute and the blanks after it; with the line it stood alone on, when it did, so
  /// that no empty line is left where it was.
  private static func removal(
    _ attribute: AttributeSyntax, in bytes: [UInt8], style: FileStyle
  ) -> SourceEdit {
    let start = attribute.positionAfterSkippingLeadingTrivia.utf8Offset
    var end = attribute.endPositionBeforeTrailingTrivia.utf8Offset
    while end < bytes.count, SourceEdit.isBlank(bytes[end]) { end += 1 }
    let lineStart = SourceEdit.lineStart(of: start, in: bytes)
    let ending = Array(style.lineEnding.utf8)
    if bytes[lineStart..<start].allSatisfy(SourceEdit.isBlank),
      Array(bytes[end..<min(end + ending.count, bytes.count)]) == ending
    {
      return SourceEdit(offset: lineStart, removing: end + ending.count - lineStart, text: "")
    }
    return SourceEdit(offset: start, removing: end - start, text: "")
  }

  /// `@MainActor`, or another attribute whose name ends in `Actor`, as lint reads it.
  private static func isGlobalActor(_ attribute: AttributeSyntax) -> Bool {
    TypeNames.simpleNames(attribute.attributeName).first?.hasSuffix("Actor") == true
  }
}

/// The declarations of one file, by where lint's findings point: a protocol's or class's name,
/// an extension's extended type, each name a variable binds.
final class DeclarationIndex: SyntaxVisitor {
  /// A 1-based line and column, as ``SourcePosition`` has them.
  struct Key: Hashable {
    var line: Int
    var column: Int
  }

  private let converter: SourceLocationConverter
  private(set) var protocols: [Key: ProtocolDeclSyntax] = [:]
  private(set) var extensions: [Key: ExtensionDeclSyntax] = [:]
  private(set) var classes: [Key: ClassDeclSyntax] = [:]
  /// Classes, structs and enums, for `nonisolated` on a service.
  private(set) var types: [Key: DeclSyntax] = [:]
  private(set) var variables: [Key: VariableDeclSyntax] = [:]
  private(set) var functions: [Key: FunctionDeclSyntax] = [:]

  init(converter: SourceLocationConverter) {
    self.converter = converter
    super.init(viewMode: .sourceAccurate)
  }

  private func key(_ node: some SyntaxProtocol) -> Key {
    let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
    return Key(line: location.line, column: location.column)
  }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    protocols[key(node.name)] = node
    return .visitChildren
  }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    extensions[key(node.extendedType)] = node
    return .visitChildren
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    classes[key(node.name)] = node
    types[key(node.name)] = DeclSyntax(node)
    return .visitChildren
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    types[key(node.name)] = DeclSyntax(node)
    return .visitChildren
  }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    types[key(node.name)] = DeclSyntax(node)
    return .visitChildren
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    functions[key(node.name)] = node
    return .visitChildren
  }

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    for binding in node.bindings {
      if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier {
        variables[key(name)] = node
      }
    }
    return .visitChildren
  }
}
