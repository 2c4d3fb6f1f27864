import SwiftSyntax

/// Records which members are read on which type, where the syntax shows the type: the rule
/// `unused-pass-through` counts these reads as uses, and nothing else.
///
/// A read `base.x` counts for the type of `base` when that is written in the same file:
/// - `self.x`, or a bare `x`, inside the type or an extension of it;
/// - `v.x` where `v` is a parameter, a local or a member declared with that type
///   (`component: HomeComponent`) or initialized by calling it (`let v = HomeComponent(...)`);
/// - `HomeComponent(...).x`.
/// A read through anything else (`a.b.x`, a value whose type is inferred from a function) names no
/// type and counts for none, so whether a property is used never depends on which other files
/// happen to be analysed with it, only on the files that read it.
final class MemberReadCollector: SyntaxAnyVisitor {
  private(set) var reads: Set<MemberRead> = []
  /// Variable name to type name, one dictionary per scope, innermost last.
  private var scopes: [[String: String]] = [[:]]
  private var enclosingTypes: [String] = []

  init() {
    super.init(viewMode: .sourceAccurate)
  }

  // MARK: Scopes

  override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
    if let name = Self.typeName(node), let group = node.asProtocol((any DeclGroupSyntax).self) {
      enclosingTypes.append(name)
      var scope: [String: String] = [:]
      for variable in FactCollector.variables(in: group.memberBlock.members) {
        declare(variable, into: &scope)
      }
      scopes.append(scope)
    } else if let parameters = Self.parameters(node) {
      var scope: [String: String] = [:]
      for parameter in parameters {
        let name = (parameter.secondName ?? parameter.firstName).text
        if let type = TypeNames.simpleNames(parameter.type).first {
          scope[name] = type
        }
      }
      scopes.append(scope)
    } else if node.is(ClosureExprSyntax.self) {
      scopes.append([:])
    }
    return .visitChildren
  }

  override func visitAnyPost(_ node: Syntax) {
    if Self.typeName(node) != nil {
      enclosingTypes.removeLast()
      scopes.removeLast()
    } else if Self.parameters(node) != nil || node.is(ClosureExprSyntax.self) {
      scopes.removeLast()
    }
  }

  /// The type whose members a class, struct, enum, actor or extension declares.
  private static func typeName(_ node: Syntax) -> String? {
    if let extended = node.as(ExtensionDeclSyntax.self) {
      return TypeNames.extendedName(extended)
    }
    guard node.isProtocol((any DeclGroupSyntax).self), !node.is(ProtocolDeclSyntax.self) else {
      return nil
    }
    return node.asProtocol((any NamedDeclSyntax).self)?.name.text
  }

  /// The parameters of a function or an initializer, a scope of their own.
  private static func parameters(_ node: Syntax) -> FunctionParameterListSyntax? {
    node.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters
      ?? node.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters
  }

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    // Members were declared on entering their type; this adds locals, in order.
    if !(node.parent?.is(MemberBlockItemSyntax.self) ?? false) {
      declare(node, into: &scopes[scopes.count - 1])
    }
    return .visitChildren
  }

  private func declare(_ variable: VariableDeclSyntax, into scope: inout [String: String]) {
    for binding in variable.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
        continue
      }
      let declared = binding.typeAnnotation.flatMap { TypeNames.simpleNames($0.type).first }
      let constructed = binding.initializer.flatMap {
        PropertyClassifier.constructedType($0.value)
      }
      if let type = declared ?? constructed {
        scope[name] = type
      }
    }
  }

  /// The type of `variable` in the innermost scope that declares it.
  private func type(of variable: String) -> String? {
    scopes.reversed().lazy.compactMap { $0[variable] }.first
  }

  // MARK: Reads

  override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
    let member = node.declName.baseName.text
    guard let base = node.base.map(PropertyClassifier.unwrapped) else { return .visitChildren }
    var owner: String?
    if let reference = base.as(DeclReferenceExprSyntax.self) {
      owner =
        reference.baseName.tokenKind == .keyword(.self)
        ? enclosingTypes.last : type(of: reference.baseName.text)
    } else {
      owner = PropertyClassifier.constructedType(base)
    }
    if let owner {
      reads.insert(MemberRead(type: owner, member: member))
    }
    return .visitChildren
  }

  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    // A bare name inside a type reads that type's member (a local of the same name is counted
    // too: the rule errs towards "used").
    if !node.isMemberName, let owner = enclosingTypes.last {
      reads.insert(MemberRead(type: owner, member: node.baseName.text))
    }
    return .visitChildren
  }
}
