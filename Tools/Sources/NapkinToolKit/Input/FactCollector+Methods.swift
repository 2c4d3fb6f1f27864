import SwiftSyntax

/// The methods of a type or a protocol, as a pass-through forwards them.
extension FactCollector {
  /// The methods among `members`, in every branch of `#if`, static ones left out.
  func methods(in members: MemberBlockItemListSyntax) -> [MethodFact] {
    Self.declarations(in: members).compactMap { decl -> MethodFact? in
      if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
        return Self.subscriptMethod(subscriptDecl, position: position(of: subscriptDecl))
      }
      guard let function = decl.as(FunctionDeclSyntax.self), !Self.isTypeMember(function.modifiers)
      else { return nil }
      return Self.method(function, position: position(of: function.name))
    }
  }

  /// A subscript as a method named `subscript`: a pass-through reads `dependency[key]`, with
  /// the getter's effects.
  static func subscriptMethod(
    _ node: SubscriptDeclSyntax, position: SourcePosition
  ) -> MethodFact {
    let arguments = node.parameterClause.parameters.map { parameter in
      // A subscript's parameter has a label only when it is written twice: `for key: String`.
      let label =
        parameter.secondName != nil && parameter.firstName.tokenKind != .wildcard
        ? parameter.firstName.text + ": " : ""
      return label + (parameter.secondName ?? parameter.firstName).text
    }
    let getterEffects =
      node.accessorBlock?.getAccessor?.effectSpecifiers?.trimmedDescription ?? ""
    let read =
      (getterEffects.contains("throws") ? "try " : "")
      + (getterEffects.contains("async") ? "await " : "") + "dependency["
      + arguments.joined(separator: ", ") + "]"
    let signature =
      "subscript" + node.parameterClause.trimmedDescription + " "
      + node.returnClause.trimmedDescription
    // Named by its labels, as the compiler names it, so that overloads stay apart.
    let name =
      "subscript("
      + node.parameterClause.parameters.map { $0.firstName.text + ":" }.joined() + ")"
    return MethodFact(
      name: name, signature: signature,
      requirement: signature + " { get" + (getterEffects.isEmpty ? "" : " " + getterEffects)
        + " }",
      forwardedCall: getterEffects.isEmpty ? read : "get \(getterEffects) { \(read) }",
      attributes: node.attributes.trimmedDescription, conditions: Conditions(of: node),
      position: position)
  }

  /// A method as a pass-through forwards it: `try await dependency.item(id: id)`, with each
  /// argument passed as its parameter takes it (`&value` to an `inout`, `message()` to an
  /// `@autoclosure`), or why it cannot be forwarded at all (a variadic parameter: Swift cannot
  /// spread an array into one).
  static func method(_ function: FunctionDeclSyntax, position: SourcePosition) -> MethodFact {
    var unforwardable: String?
    let arguments = function.signature.parameterClause.parameters.map { parameter in
      let value = (parameter.secondName ?? parameter.firstName).text
      let label = parameter.firstName.tokenKind == .wildcard ? "" : parameter.firstName.text + ": "
      if parameter.ellipsis != nil {
        unforwardable =
          "its parameter `\(value)` is variadic, and Swift cannot pass a variadic's values on "
          + "to another variadic; write the pass-through by hand (or take an array)"
      }
      let attributed = parameter.type.as(AttributedTypeSyntax.self)
      let isInout = attributed?.specifiers.contains { $0.trimmedDescription == "inout" } == true
      let isAutoclosure =
        attributed?.attributes.contains {
          $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "autoclosure"
        } == true
      return label + (isInout ? "&" : "") + value + (isAutoclosure ? "()" : "")
    }
    let effects = function.signature.effectSpecifiers
    let prefix =
      (effects?.throwsClause != nil ? "try " : "")
      + (effects?.asyncSpecifier != nil ? "await " : "")
    var signature = function.trimmed
    signature.body = nil
    signature.attributes = []
    signature.modifiers = []
    // A requirement takes no default arguments; the witness may keep them.
    var requirement = signature
    requirement.signature.parameterClause.parameters = FunctionParameterListSyntax(
      signature.signature.parameterClause.parameters.map { $0.with(\.defaultValue, nil) })
    return MethodFact(
      name: function.name.text,
      signature: signature.trimmedDescription,
      requirement: requirement.trimmedDescription,
      forwardedCall: prefix + "dependency." + function.name.text
        + "(" + arguments.joined(separator: ", ") + ")",
      unforwardable: unforwardable,
      attributes: function.attributes.trimmedDescription,
      conditions: Conditions(of: function),
      position: position)
  }
}
