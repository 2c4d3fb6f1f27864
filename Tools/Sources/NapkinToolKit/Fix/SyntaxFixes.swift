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

  /// One file's text and syntax, where an ``EditingRule`` places its edit.
  struct File {
    let tree: SourceFileSyntax
    let converter: SourceLocationConverter
    let bytes: [UInt8]
    let style: FileStyle

    /// The nearest node around the token `finding` points at (a declaration's name, an
    /// extension's extended type, a name a variable binds) that `kind` maps; nil when no token
    /// starts there.
    func declaration<Node>(at finding: Finding, _ kind: (Syntax) -> Node?) -> Node? {
      let position = converter.position(
        ofLine: finding.position.line, column: finding.position.column)
      guard let token = tree.token(at: position),
        token.positionAfterSkippingLeadingTrivia == position
      else { return nil }
      return token.ancestorOrSelf(mapping: kind)
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
    let file = File(
      tree: tree, converter: SourceLocationConverter(fileName: "", tree: tree), bytes: bytes,
      style: style)
    return try findings.map { finding throws(UsageError) in
      guard let rule = Linter.rules.first(where: { $0.id == finding.rule }) as? any EditingRule,
        let fix = rule.edit(finding, in: file)
      else { throw changed }
      return PlannedFix(position: finding.position, edits: fix.edits, report: fix.report)
    }
  }

  /// `text` right before `node`'s first token, after its leading trivia (comments stay above).
  static func insertion(_ text: String, before node: some SyntaxProtocol) -> SourceEdit {
    SourceEdit(offset: node.positionAfterSkippingLeadingTrivia.utf8Offset, text: text)
  }

  /// `nonisolated` ahead of a declaration's modifiers, or right before its keyword when it has
  /// none: after its attributes (`@Observable nonisolated final class Store`).
  static func nonisolated(
    _ modifiers: DeclModifierListSyntax, keyword: TokenSyntax
  ) -> SourceEdit {
    insertion("nonisolated ", before: modifiers.first.map(Syntax.init) ?? Syntax(keyword))
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

  /// The first name `variable` binds, for what fix says it did.
  static func name(of variable: VariableDeclSyntax) -> String {
    variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? ""
  }

  /// The attributes that isolate to a global actor: `@MainActor`, or another whose name ends in
  /// `Actor`, as lint reads them.
  static func globalActors(_ attributes: AttributeListSyntax) -> [AttributeSyntax] {
    attributes.compactMap { $0.as(AttributeSyntax.self) }.filter {
      TypeNames.simpleNames($0.attributeName).first?.hasSuffix("Actor") == true
    }
  }
}
