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

  /// `text` right before `node`'s first token, after its leading trivia (comments stay above).
  static func insertion(_ text: String, before node: some SyntaxProtocol) -> SourceEdit {
    SourceEdit(offset: node.positionAfterSkippingLeadingTrivia.utf8Offset, text: text)
  }

  /// The attribute and the blanks after it; with the line it stood alone on, when it did, so
  /// that no empty line is left where it was.
  static func removal(
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
  static func isGlobalActor(_ attribute: AttributeSyntax) -> Bool {
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
