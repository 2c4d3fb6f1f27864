import SwiftSyntax

/// The members of a type, an extension or a protocol: its properties as the wiring classifies
/// them, its methods as a pass-through forwards them.
extension FactCollector {
  /// Whether a type's initializer takes the module's default isolation: one is written, or a
  /// stored property's default value calls something (which then runs in it).
  static func hasIsolatedInitializer(_ members: MemberBlockSyntax) -> Bool {
    members.members.contains { member in
      if member.decl.is(InitializerDeclSyntax.self) { return true }
      guard let variable = member.decl.as(VariableDeclSyntax.self),
        !variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
      else { return false }
      return variable.bindings.contains { binding in
        binding.initializer.map { initializer in
          initializer.value.is(FunctionCallExprSyntax.self)
            || initializer.value.tokens(viewMode: .sourceAccurate).contains {
              $0.tokenKind == .leftParen
            }
        } ?? false
      }
    }
  }

  // MARK: Properties

  /// The declarations among `members`, including those in every branch of `#if`: the tool does
  /// not know the build configuration, so it checks them all.
  static func declarations(in members: MemberBlockItemListSyntax) -> [DeclSyntax] {
    members.flatMap { member -> [DeclSyntax] in
      guard let conditional = member.decl.as(IfConfigDeclSyntax.self) else { return [member.decl] }
      return conditional.clauses.flatMap { clause -> [DeclSyntax] in
        guard case .decls(let nested) = clause.elements else { return [] }
        return declarations(in: nested)
      }
    }
  }

  /// The variable declarations among `members`, in every branch of `#if`.
  static func variables(in members: MemberBlockItemListSyntax) -> [VariableDeclSyntax] {
    declarations(in: members).compactMap { $0.as(VariableDeclSyntax.self) }
  }

  /// Whether `modifiers` make a member the type's own (`static`, `class`), not an instance's.
  static func isTypeMember(_ modifiers: DeclModifierListSyntax) -> Bool {
    modifiers.contains {
      $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
    }
  }

  /// The isolation a declaration's own words state: `nonisolated`, or an attribute whose name ends
  /// in `Actor` (`@MainActor`, an app's own global actor).
  static func isolation(
    _ modifiers: DeclModifierListSyntax, _ attributes: AttributeListSyntax
  ) -> StatedIsolation {
    if modifiers.contains(where: { $0.name.tokenKind == .keyword(.nonisolated) }) {
      return .nonisolated
    }
    let isolated = attributes.contains {
      $0.as(AttributeSyntax.self).map {
        TypeNames.simpleNames($0.attributeName).first?.hasSuffix("Actor") == true
      } ?? false
    }
    return isolated ? .globalActor : .unstated
  }

  func properties(in members: MemberBlockSyntax) -> [PropertyFact] {
    Self.variables(in: members.members).filter { !Self.isTypeMember($0.modifiers) }.flatMap {
      variable in
      variable.bindings.compactMap { binding -> PropertyFact? in
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else {
          return nil
        }
        let result = PropertyClassifier.result(of: binding)
        let declared = binding.typeAnnotation?.type
        return PropertyFact(
          name: name.text,
          kind: PropertyClassifier.kind(
            of: binding, isVariable: variable.bindingSpecifier.tokenKind == .keyword(.var)),
          position: position(of: name),
          keywordPosition: position(of: variable.bindingSpecifier),
          declaredTypes: declared.map(TypeNames.simpleNames) ?? [],
          reads: GetterReads.of(binding, position: { self.position(of: $0) }),
          isActorIsolated: Self.isolation(variable.modifiers, variable.attributes) == .globalActor,
          constructedType: result.flatMap(PropertyClassifier.constructedType),
          builtWithSelf: result.flatMap(PropertyClassifier.builtWithSelf),
          calledType: result.flatMap { PropertyClassifier.calledType($0, declared: declared) },
          callsStaticMethod: result.map(PropertyClassifier.callsStaticMethod) ?? false,
          calledFunctions: binding.accessorBlock.map(PropertyClassifier.calledFunctions) ?? [],
          isClosure: declared.map(PropertyClassifier.isClosure) ?? false,
          elementTypes: declared.map(PropertyClassifier.elementTypes) ?? []
        )
      }
    }
  }

  // MARK: Methods

  /// The methods among `members`, in every branch of `#if`, static ones left out.
  func methods(in members: MemberBlockItemListSyntax) -> [MethodFact] {
    Self.declarations(in: members).compactMap { decl -> MethodFact? in
      if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
        return subscriptMethod(subscriptDecl)
      }
      guard let function = decl.as(FunctionDeclSyntax.self), !Self.isTypeMember(function.modifiers)
      else { return nil }
      return method(function)
    }
  }

  /// A subscript as a method named `subscript`: a pass-through reads `dependency[key]`, with
  /// the getter's effects.
  private func subscriptMethod(_ node: SubscriptDeclSyntax) -> MethodFact {
    let arguments = node.parameterClause.parameters.map { parameter in
      // A subscript's parameter has a label only when it is written twice: `for key: String`.
      let label =
        parameter.secondName != nil && parameter.firstName.tokenKind != .wildcard
        ? parameter.firstName.text + ": " : ""
      return label + (parameter.secondName ?? parameter.firstName).text
    }
    let getterEffects =
      node.accessorBlock?.accessor(.get)?.effectSpecifiers?.trimmedDescription ?? ""
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
      position: position(of: node))
  }

  /// A method as a pass-through forwards it: `try await dependency.item(id: id)`, with each
  /// argument passed as its parameter takes it (`&value` to an `inout`, `message()` to an
  /// `@autoclosure`), or why it cannot be forwarded at all (a variadic parameter: Swift cannot
  /// spread an array into one).
  private func method(_ function: FunctionDeclSyntax) -> MethodFact {
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
      position: position(of: function.name))
  }

  /// What the view `napkin new --view-protocol` writes declares for the member `decl` of a
  /// protocol (or what only the app can write); nil for a declaration that is no member. An
  /// extension's members need only their keys: `keyOnly` leaves out their text, which every
  /// walk of a file would pay for.
  static func viewRequirement(_ decl: DeclSyntax, keyOnly: Bool = false) -> ViewRequirement? {
    switch decl.as(DeclSyntaxEnum.self) {
    case .variableDecl(let variable):
      guard let binding = variable.bindings.first,
        let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
      else { return nil }
      if isTypeMember(variable.modifiers) { return .unwritable("static var \(name)") }
      return .property(
        name: name, type: keyOnly ? "" : binding.typeAnnotation.map { text($0.type) } ?? "",
        isSettable: binding.accessorBlock?.accessor(.set) != nil)
    case .functionDecl(let function):
      let labels = function.signature.parameterClause.parameters.map { $0.firstName.text + ":" }
      let key = function.name.text + "(" + labels.joined() + ")"
      if isTypeMember(function.modifiers) { return .unwritable("static func \(key)") }
      guard !keyOnly else { return .function(key: key, signature: "", returnType: nil) }
      let returned = function.signature.returnClause.map { text($0.type) }
      let isVoid = returned == nil || returned == "Void" || returned == "()"
      return .function(
        key: key, signature: text(function.body == nil ? function : function.with(\.body, nil)),
        returnType: isVoid ? nil : returned)
    case .initializerDecl: return .unwritable("an initializer")
    case .subscriptDecl: return .unwritable("a subscript")
    case .associatedTypeDecl(let associated):
      return .unwritable("the associated type \(associated.name.text)")
    default: return nil
    }
  }

  /// `node.trimmedDescription` read from the node's own bytes, where swift-syntax builds two
  /// trimmed copies of the tree: the walk reads every protocol's requirements this way.
  private static func text(_ node: some SyntaxProtocol) -> String {
    let bytes = node.syntaxTextBytes.dropFirst(node.leadingTriviaLength.utf8Length)
    return String(decoding: bytes.dropLast(node.trailingTriviaLength.utf8Length), as: UTF8.self)
  }
}
