import SwiftSyntax

/// Tells shared, fresh, pass-through and stored properties apart by the shape of their getter.
enum PropertyClassifier {
  static func kind(of binding: PatternBindingSyntax, isVariable: Bool) -> PropertyKind {
    guard let accessors = binding.accessorBlock else {
      return .stored(isVariable: isVariable)
    }
    switch accessors.accessors {
    case .getter(let body):
      return kind(ofGetter: body)
    case .accessors(let list):
      if let getter = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }) {
        return getter.body.map { kind(ofGetter: $0.statements) } ?? .computed
      }
      let observersOnly = list.allSatisfy {
        $0.accessorSpecifier.tokenKind == .keyword(.willSet)
          || $0.accessorSpecifier.tokenKind == .keyword(.didSet)
      }
      return observersOnly ? .stored(isVariable: isVariable) : .computed
    @unknown default:
      return .computed
    }
  }

  /// Classifies by the expression the getter returns (its last statement).
  static func kind(ofGetter body: CodeBlockItemListSyntax) -> PropertyKind {
    guard let last = body.last, var expression = returnedExpression(last) else {
      return .computed
    }
    expression = unwrapped(expression)
    if let call = expression.as(FunctionCallExprSyntax.self) {
      return isSharedCall(call) ? .shared : .fresh
    }
    if let member = expression.as(MemberAccessExprSyntax.self), isDependency(member.base) {
      return .passThrough(member: member.declName.baseName.text)
    }
    return .computed
  }

  /// `shared { }` or `self.shared { }`, whatever its arguments.
  static func isSharedCall(_ call: FunctionCallExprSyntax) -> Bool {
    if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
      return reference.baseName.text == "shared"
    }
    if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      let base = member.base?.as(DeclReferenceExprSyntax.self)
    {
      return base.baseName.tokenKind == .keyword(.self) && member.declName.baseName.text == "shared"
    }
    return false
  }

  /// A `shared` call whose key is the caller's `#function` (no `forCallerKey:` argument).
  static func isDefaultKeyedSharedCall(_ call: FunctionCallExprSyntax) -> Bool {
    isSharedCall(call) && !call.arguments.contains { $0.label?.text == "forCallerKey" }
  }

  /// `dependency` or `self.dependency`.
  static func isDependency(_ expression: ExprSyntax?) -> Bool {
    guard let expression else { return false }
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return reference.baseName.text == "dependency"
    }
    if let member = expression.as(MemberAccessExprSyntax.self),
      let base = member.base?.as(DeclReferenceExprSyntax.self)
    {
      return base.baseName.tokenKind == .keyword(.self)
        && member.declName.baseName.text == "dependency"
    }
    return false
  }

  private static func returnedExpression(_ item: CodeBlockItemSyntax) -> ExprSyntax? {
    switch item.item {
    case .expr(let expression):
      return expression
    case .stmt(let statement):
      if let returned = statement.as(ReturnStmtSyntax.self) {
        return returned.expression
      }
      return statement.as(ExpressionStmtSyntax.self)?.expression
    default:
      return nil
    }
  }

  private static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
    if let tried = expression.as(TryExprSyntax.self) {
      return unwrapped(tried.expression)
    }
    if let awaited = expression.as(AwaitExprSyntax.self) {
      return unwrapped(awaited.expression)
    }
    if let forced = expression.as(ForceUnwrapExprSyntax.self) {
      return unwrapped(forced.expression)
    }
    return expression
  }
}
