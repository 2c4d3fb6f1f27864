import SwiftParser
import SwiftSyntax

/// Finds, in the parent napkin's files, the declarations the next step edits, with their exact
/// text so that the step can say "replace this with that".
final class ParentFinder: SyntaxVisitor {
  /// A declaration found in `file`, with its text as written.
  struct Found {
    var file: String
    var old: String
    /// `old` up to where a new item goes, and from there to its end.
    var head: String
    var tail: String
    /// The indentation of the first statement of a body, for a statement put before it.
    var bodyIndent = "    "

    func new(adding item: String) -> String { head + ", " + item + tail }

    func new(adding parameter: String, assigning statement: String) -> String {
      head + ", " + parameter + tail + "\n" + bodyIndent + statement
    }
  }

  let parent: String
  private(set) var interactable: Found?
  private(set) var router: Found?
  private(set) var routerCall: Found?
  /// The files of the declarations the step adds to the end of, not replaces.
  private(set) var interactor: String?
  private(set) var routing: String?
  private(set) var viewControllable: String?
  private(set) var view: String?
  /// Whether the parent's view protocol already declares `present(_:)`.
  private(set) var canPresent = false
  private var file = ""
  private var source: [UInt8] = []

  init(parent: String) {
    self.parent = parent
    super.init(viewMode: .sourceAccurate)
  }

  func read(path: String, source: String) {
    file = path
    self.source = Array(source.utf8)
    walk(Parser.parse(source: source))
  }

  var missing: [String] {
    [
      (interactable == nil, "protocol \(parent)Interactable"),
      (interactor == nil, "class \(parent)Interactor"),
      (routing == nil, "protocol \(parent)Routing"),
      (router == nil, "an init of class \(parent)Router"),
      (routerCall == nil, "the call \(parent)Router(...)"),
    ].compactMap { $0.0 ? $0.1 : nil }
  }

  private func text(_ start: AbsolutePosition, _ end: AbsolutePosition) -> String {
    String(decoding: source[start.utf8Offset..<end.utf8Offset], as: UTF8.self)
  }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    switch node.name.text {
    case parent + "Interactable":
      let start = node.protocolKeyword.positionAfterSkippingLeadingTrivia
      let split =
        node.inheritanceClause?.endPositionBeforeTrailingTrivia
        ?? node.name.endPositionBeforeTrailingTrivia
      let end = node.memberBlock.leftBrace.endPositionBeforeTrailingTrivia
      let colon = node.inheritanceClause == nil ? ":" : ""
      interactable = Found(
        file: file, old: text(start, end), head: text(start, split) + colon, tail: text(split, end))
    case parent + "Routing": routing = file
    case parent + "ViewControllable":
      viewControllable = file
      canPresent = node.memberBlock.members.contains {
        $0.decl.as(FunctionDeclSyntax.self)?.name.text == "present"
      }
    default: break
    }
    return .skipChildren
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    switch node.name.text {
    case parent + "Interactor": interactor = file
    case parent + "View": view = file
    case parent + "Router":
      if let initializer = node.memberBlock.members.lazy
        .compactMap({ $0.decl.as(InitializerDeclSyntax.self) }).first,
        let body = initializer.body
      {
        router = routerInit(initializer, body: body)
      }
    default: break
    }
    return .visitChildren
  }

  /// The router's init with a parameter added: no longer an `override`, since its signature is
  /// the router's own.
  private func routerInit(_ node: InitializerDeclSyntax, body: CodeBlockSyntax) -> Found {
    let start = node.positionAfterSkippingLeadingTrivia
    let end = body.leftBrace.endPositionBeforeTrailingTrivia
    let parameters = node.signature.parameterClause.parameters
    let split =
      parameters.last.map { $0.trailingComma?.position ?? $0.endPositionBeforeTrailingTrivia }
      ?? node.signature.parameterClause.leftParen.endPositionBeforeTrailingTrivia
    let kept = node.modifiers.filter { $0.name.tokenKind != .keyword(.override) }
    let prefix = kept.map { $0.trimmedDescription + " " }.joined()
    let head = prefix + text(node.initKeyword.positionAfterSkippingLeadingTrivia, split)
    var found = Found(file: file, old: text(start, end), head: head, tail: text(split, end))
    if let first = body.statements.first {
      let spaces = first.leadingTrivia.pieces.reversed().prefix { !$0.isNewline }
        .reduce(0) { count, piece in if case .spaces(let n) = piece { count + n } else { count } }
      if spaces > 0 { found.bodyIndent = String(repeating: " ", count: spaces) }
    }
    return found
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    guard
      node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == parent + "Router",
      let last = node.arguments.last
    else { return .visitChildren }
    let start = node.positionAfterSkippingLeadingTrivia
    let split = last.trailingComma?.position ?? last.endPositionBeforeTrailingTrivia
    let end = node.endPositionBeforeTrailingTrivia
    routerCall = Found(
      file: file, old: text(start, end), head: text(start, split), tail: text(split, end))
    return .visitChildren
  }
}
