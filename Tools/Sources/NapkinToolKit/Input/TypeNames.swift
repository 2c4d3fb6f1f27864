import SwiftSyntax

/// Reads the names out of type syntax: `any A & B` is A and B, `Napkin.Component` is `Component`.
enum TypeNames {
  /// The type an extension extends: `extension Napkin.HomeComponent` gives `HomeComponent`.
  static func extendedName(_ node: ExtensionDeclSyntax) -> String {
    simpleNames(node.extendedType).last ?? node.extendedType.trimmedDescription
  }

  /// The names in an inheritance clause: `: Component<D>, A & B` gives `Component`, `A`, `B`.
  static func inherited(_ clause: InheritanceClauseSyntax?) -> [String] {
    clause?.inheritedTypes.flatMap { simpleNames($0.type) } ?? []
  }

  static func simpleNames(_ type: TypeSyntax) -> [String] {
    switch type.as(TypeSyntaxEnum.self) {
    case .identifierType(let identifier): [identifier.name.text]
    case .memberType(let member): [member.name.text]
    case .someOrAnyType(let existential): simpleNames(existential.constraint)
    case .compositionType(let composition): composition.elements.flatMap { simpleNames($0.type) }
    case .attributedType(let attributed): simpleNames(attributed.baseType)
    default: []
    }
  }

  /// `T?`, `T!` and `(T)` as `T`, however deep they nest.
  static func unwrapped(_ type: TypeSyntax) -> TypeSyntax {
    switch type.as(TypeSyntaxEnum.self) {
    case .optionalType(let optional): unwrapped(optional.wrappedType)
    case .implicitlyUnwrappedOptionalType(let optional): unwrapped(optional.wrappedType)
    case .tupleType(let tuple) where tuple.elements.count == 1:
      tuple.elements.first.map { unwrapped($0.type) } ?? type
    default: type
    }
  }

  /// The names of each generic argument of `type`, one entry per argument, so that arguments
  /// match parameters by position whatever their syntax: `AppComponent<any A & B, [T], (Int)
  /// -> Void>` gives `[[A, B], [], []]`.
  static func genericArguments(_ type: TypeSyntax) -> [[String]] {
    let clause =
      type.as(IdentifierTypeSyntax.self)?.genericArgumentClause
      ?? type.as(MemberTypeSyntax.self)?.genericArgumentClause
    guard let clause else { return [] }
    return clause.arguments.map { argument -> [String] in
      guard let argumentType = Syntax(argument.argument).as(TypeSyntax.self) else { return [] }
      return simpleNames(argumentType)
    }
  }
}

extension DeclReferenceExprSyntax {
  /// The `b` of `a.b`: the member access reads it (or not), not the bare name.
  var isMemberName: Bool {
    parent?.as(MemberAccessExprSyntax.self)?.declName.id == id
  }
}
