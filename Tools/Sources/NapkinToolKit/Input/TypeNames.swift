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
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      return [identifier.name.text]
    }
    if let member = type.as(MemberTypeSyntax.self) {
      return [member.name.text]
    }
    if let existential = type.as(SomeOrAnyTypeSyntax.self) {
      return simpleNames(existential.constraint)
    }
    if let composition = type.as(CompositionTypeSyntax.self) {
      return composition.elements.flatMap { simpleNames($0.type) }
    }
    if let attributed = type.as(AttributedTypeSyntax.self) {
      return simpleNames(attributed.baseType)
    }
    return []
  }

  /// `T?`, `T!` and `(T)` as `T`, however deep they nest.
  static func unwrapped(_ type: TypeSyntax) -> TypeSyntax {
    let parenthesized = type.as(TupleTypeSyntax.self).flatMap {
      $0.elements.count == 1 ? $0.elements.first?.type : nil
    }
    let inner =
      type.as(OptionalTypeSyntax.self)?.wrappedType
      ?? type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType ?? parenthesized
    return inner.map(unwrapped) ?? type
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
