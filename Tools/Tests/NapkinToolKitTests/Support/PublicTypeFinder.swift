import SwiftSyntax

/// Collects the names of the top-level `public` and `open` types in a syntax tree.
final class PublicTypeFinder: SyntaxVisitor {
  private(set) var names: Set<String> = []

  init() {
    super.init(viewMode: .sourceAccurate)
  }

  private func record(_ name: TokenSyntax, _ modifiers: DeclModifierListSyntax) {
    let isPublic = modifiers.contains {
      $0.name.tokenKind == .keyword(.public) || $0.name.tokenKind == .keyword(.open)
    }
    if isPublic {
      names.insert(name.text)
    }
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    record(node.name, node.modifiers)
    return .skipChildren
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    record(node.name, node.modifiers)
    return .skipChildren
  }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    record(node.name, node.modifiers)
    return .skipChildren
  }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    record(node.name, node.modifiers)
    return .skipChildren
  }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    record(node.name, node.modifiers)
    return .skipChildren
  }

  override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
    record(node.name, node.modifiers)
    return .skipChildren
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
