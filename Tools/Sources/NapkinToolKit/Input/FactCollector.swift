import SwiftSyntax

/// Walks one file's syntax tree once and records the declarations and references that the graph
/// and the lint rules need. It never decides what is a component: that takes every file.
final class FactCollector: SyntaxVisitor {
  private(set) var facts: FileFacts
  private let converter: SourceLocationConverter
  /// The names of the types the walk is inside, innermost last.
  private var enclosingTypes: [String] = []
  /// The isolation each of `enclosingTypes` states, in the same order.
  private var enclosingIsolations: [StatedIsolation] = []

  init(path: String, converter: SourceLocationConverter) {
    self.facts = FileFacts(path: path)
    self.converter = converter
    super.init(viewMode: .sourceAccurate)
  }

  func position(of node: some SyntaxProtocol) -> SourcePosition {
    let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
    return SourcePosition(file: facts.path, line: location.line, column: location.column)
  }

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

  // MARK: Imports

  override func visit(_ node: SourceFileSyntax) -> SyntaxVisitorContinueKind {
    facts.importsEnd = node.statements.first?.positionAfterSkippingLeadingTrivia.utf8Offset ?? 0
    return .visitChildren
  }

  override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
    // Re-exporting belongs to one file; the others import plainly.
    let attributes = node.attributes.filter {
      $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription != "_exported"
    }.map { $0.trimmedDescription + " " }
    let line =
      attributes.joined() + (node.modifiers.isEmpty ? "" : "internal ") + "import "
      + (node.importKindSpecifier.map { $0.text + " " } ?? "") + node.path.trimmedDescription
    facts.imports.append(
      ImportFact(
        line: line, module: node.path.first?.name.text ?? "",
        conditions: Conditions(of: node, throughTypes: true)))
    if node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true {
      facts.importsEnd = node.endPosition.utf8Offset
      facts.importsEndFollowsImport = true
    }
    return .skipChildren
  }

  // MARK: Types

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    let inherited = node.inheritanceClause?.inheritedTypes.map(\.type) ?? []
    var superclass: String?
    var arguments: [[String]] = []
    if let first = inherited.first {
      superclass = TypeNames.simpleNames(first).first
      arguments = TypeNames.genericArguments(first)
    }
    let isolation = Self.isolation(node.modifiers, node.attributes)
    facts.classes.append(
      ClassFact(
        name: node.name.text,
        superclass: superclass,
        superclassArgumentGroups: arguments,
        conformances: inherited.flatMap(TypeNames.simpleNames),
        isActorIsolated: isolation == .globalActor,
        isolation: isolation,
        isNested: enclosingIsolations.contains { $0 != .unstated },
        hasIsolatedInitializer: Self.hasIsolatedInitializer(node.memberBlock),
        genericParameters: node.genericParameterClause?.parameters.map(\.name.text) ?? [],
        properties: properties(in: node.memberBlock),
        methods: methods(in: node.memberBlock.members),
        position: position(of: node.name),
        closingBrace: node.memberBlock.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset
      )
    )
    enclosingTypes.append(node.name.text)
    enclosingIsolations.append(isolation)
    return .visitChildren
  }

  override func visitPost(_ node: ClassDeclSyntax) {
    enclosingTypes.removeLast()
    enclosingIsolations.removeLast()
  }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    let name = TypeNames.extendedName(node)
    facts.extensions.append(
      ExtensionFact(
        extendedType: name,
        conformances: node.inheritanceClause?.inheritedTypes.flatMap {
          TypeNames.simpleNames($0.type)
        } ?? [],
        properties: properties(in: node.memberBlock),
        methods: methods(in: node.memberBlock.members),
        position: position(of: node.extendedType),
        isolation: Self.isolation(node.modifiers, node.attributes),
        closingBrace: node.memberBlock.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset
      )
    )
    enclosingTypes.append(name)
    enclosingIsolations.append(Self.isolation(node.modifiers, node.attributes))
    return .visitChildren
  }

  override func visitPost(_ node: ExtensionDeclSyntax) {
    enclosingTypes.removeLast()
    enclosingIsolations.removeLast()
  }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    let bindings = Self.variables(in: node.memberBlock.members).flatMap(\.bindings)
    let requirements = bindings.compactMap {
      $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }
    var types: [String: String] = [:]
    var attributes: [String: String] = [:]
    var requirementEffects: [String: String] = [:]
    var conditions: [String: Conditions] = [:]
    var offsets: [String: Int] = [:]
    for variable in Self.variables(in: node.memberBlock.members) {
      for binding in variable.bindings {
        if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
          let type = binding.typeAnnotation?.type.trimmedDescription
        {
          types[name] = type
          attributes[name] = variable.attributes.trimmedDescription
          conditions[name] = Conditions(of: variable)
          offsets[name] = variable.positionAfterSkippingLeadingTrivia.utf8Offset
          if case .accessors(let list) = binding.accessorBlock?.accessors,
            let getter = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }),
            let effects = getter.effectSpecifiers
          {
            requirementEffects[name] = effects.trimmedDescription
          }
        }
      }
    }
    facts.protocols.append(
      ProtocolFact(
        name: node.name.text,
        inherited: node.inheritanceClause?.inheritedTypes.flatMap {
          TypeNames.simpleNames($0.type)
        } ?? [],
        requirements: requirements,
        position: position(of: node.name),
        isolation: Self.isolation(node.modifiers, node.attributes),
        requirementTypes: types,
        requirementAttributes: attributes,
        requirementEffects: requirementEffects,
        requirementConditions: conditions,
        requirementOffsets: offsets,
        methods: methods(in: node.memberBlock.members),
        closingBrace: node.memberBlock.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset
      )
    )
    enclosingTypes.append(node.name.text)
    enclosingIsolations.append(Self.isolation(node.modifiers, node.attributes))
    return .visitChildren
  }

  override func visitPost(_ node: ProtocolDeclSyntax) {
    enclosingTypes.removeLast()
    enclosingIsolations.removeLast()
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    facts.valueTypes.append(
      ValueTypeFact(
        name: node.name.text, isolation: Self.isolation(node.modifiers, node.attributes),
        hasInitializer: Self.hasIsolatedInitializer(node.memberBlock),
        isNested: enclosingIsolations.contains { $0 != .unstated },
        position: position(of: node.name)))
    enclosingTypes.append(node.name.text)
    enclosingIsolations.append(Self.isolation(node.modifiers, node.attributes))
    return .visitChildren
  }

  override func visitPost(_ node: StructDeclSyntax) {
    enclosingTypes.removeLast()
    enclosingIsolations.removeLast()
  }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    facts.valueTypes.append(
      ValueTypeFact(
        name: node.name.text, isolation: Self.isolation(node.modifiers, node.attributes),
        isNested: enclosingIsolations.contains { $0 != .unstated },
        position: position(of: node.name)))
    enclosingTypes.append(node.name.text)
    enclosingIsolations.append(Self.isolation(node.modifiers, node.attributes))
    return .visitChildren
  }

  override func visitPost(_ node: EnumDeclSyntax) {
    enclosingTypes.removeLast()
    enclosingIsolations.removeLast()
  }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    enclosingTypes.append(node.name.text)
    // An actor's members are isolated to the actor, never to the main actor.
    enclosingIsolations.append(.nonisolated)
    return .visitChildren
  }

  override func visitPost(_ node: ActorDeclSyntax) {
    enclosingTypes.removeLast()
    enclosingIsolations.removeLast()
  }

  override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
    let value = node.initializer.value
    facts.typeAliases.append(
      TypeAliasFact(
        name: node.name.text, names: TypeNames.simpleNames(value),
        argumentGroups: TypeNames.genericArguments(value)))
    return .skipChildren
  }

  /// `X(dependency: self)` or `X(parent: self)` in a type: an edge from that type to `X`.
  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if let parent = enclosingTypes.last, let built = PropertyClassifier.builtWithSelf(node) {
      facts.callSites.append(
        CallSiteFact(
          parent: parent, built: built, position: position(of: node),
          conditions: Conditions(of: node, throughTypes: true)))
    }
    recordFunctionCall(node)
    if let reader = nonisolatedReader,
      let type = PropertyClassifier.calledType(ExprSyntax(node), declared: nil)
    {
      facts.nonisolatedUses.append(
        NonisolatedUseFact(
          reader: reader, type: type, member: nil,
          callsStaticMethod: PropertyClassifier.callsStaticMethod(ExprSyntax(node)),
          position: position(of: node)))
    }
    return .visitChildren
  }

  /// A bare call inside a nonisolated type (`defaultName()`), which may name a free function.
  private func recordFunctionCall(_ node: FunctionCallExprSyntax) {
    guard let reader = nonisolatedReader,
      let called = node.calledExpression.as(DeclReferenceExprSyntax.self),
      called.baseName.text.first?.isLowercase == true
    else { return }
    facts.nonisolatedUses.append(
      NonisolatedUseFact(
        reader: reader, type: called.baseName.text, member: nil, callsFunction: true,
        position: position(of: node)))
  }

  /// `Episode.placeholder` inside a nonisolated type: a read of a static member.
  override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
    if let reader = nonisolatedReader,
      let base = node.base?.as(DeclReferenceExprSyntax.self),
      base.baseName.text.first?.isUppercase == true
    {
      facts.nonisolatedUses.append(
        NonisolatedUseFact(
          reader: reader, type: base.baseName.text, member: node.declName.baseName.text,
          position: position(of: node)))
    }
    return .visitChildren
  }

  /// The innermost enclosing type when it (or its extension) states `nonisolated`.
  private var nonisolatedReader: String? {
    guard enclosingIsolations.last == .nonisolated else { return nil }
    return enclosingTypes.last
  }

  /// A static property: whether it, or the extension it is in, says `nonisolated`.
  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    guard let type = enclosingTypes.last,
      node.modifiers.contains(where: {
        $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
      })
    else { return .visitChildren }
    let own = Self.isolation(node.modifiers, node.attributes)
    let container = enclosingIsolations.last ?? .unstated
    for binding in node.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else {
        continue
      }
      facts.staticMembers.append(
        StaticMemberFact(
          type: type, member: name.text, isolation: own == .unstated ? container : own,
          inExtension: node.parent?.parent?.parent?.parent?.is(ExtensionDeclSyntax.self) == true,
          position: position(of: name)))
    }
    return .visitChildren
  }

  // MARK: Scopes that give `shared` its `#function` key

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    if enclosingTypes.isEmpty, node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true {
      facts.globalFunctions.append(
        GlobalFunctionFact(
          name: node.name.text, isolation: Self.isolation(node.modifiers, node.attributes),
          position: position(of: node.name)))
    }
    if let body = node.body {
      let count = node.signature.parameterClause.parameters.count
      recordScope(.function(name: node.name.text, parameterCount: count), body: body)
    }
    return .visitChildren
  }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    // An initializer runs once per instance, so only two calls in it collide.
    if let body = node.body {
      recordScope(.initializer, body: body)
    }
    return .visitChildren
  }

  override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
    if let accessors = node.accessorBlock {
      let count = node.parameterClause.parameters.count
      recordScope(.function(name: "subscript", parameterCount: count), body: accessors)
    }
    return .visitChildren
  }

  override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
    // Every accessor of one property gets the property's name from `#function`: one scope.
    if let accessors = node.accessorBlock,
      let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
      node.parent?.parent?.is(VariableDeclSyntax.self) == true
    {
      recordScope(.accessor(property: name), body: accessors)
    }
    return .visitChildren
  }

  private func recordScope(_ kind: SharedScopeFact.Kind, body: some SyntaxProtocol) {
    let finder = SharedCallFinder(root: Syntax(body))
    finder.walk(body)
    guard !finder.calls.isEmpty else { return }
    facts.sharedScopes.append(
      SharedScopeFact(
        enclosingType: enclosingTypes.last ?? "",
        kind: kind,
        calls: finder.calls.map { position(of: $0) }
      )
    )
  }

  // MARK: Properties

  /// The variable declarations among `members`, including those in every branch of `#if`: the
  /// tool does not know the build configuration, so it checks them all.
  static func variables(in members: MemberBlockItemListSyntax) -> [VariableDeclSyntax] {
    members.flatMap { member -> [VariableDeclSyntax] in
      if let variable = member.decl.as(VariableDeclSyntax.self) {
        return [variable]
      }
      guard let conditional = member.decl.as(IfConfigDeclSyntax.self) else { return [] }
      return conditional.clauses.flatMap { clause -> [VariableDeclSyntax] in
        guard case .decls(let nested) = clause.elements else { return [] }
        return variables(in: nested)
      }
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

  private func properties(in members: MemberBlockSyntax) -> [PropertyFact] {
    var result: [PropertyFact] = []
    for variable in Self.variables(in: members.members) {
      let isTypeMember = variable.modifiers.contains {
        $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
      }
      if isTypeMember { continue }
      let isVariable = variable.bindingSpecifier.tokenKind == .keyword(.var)
      for binding in variable.bindings {
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else {
          continue
        }
        result.append(
          PropertyFact(
            name: name.text,
            kind: PropertyClassifier.kind(of: binding, isVariable: isVariable),
            position: position(of: name),
            keywordPosition: position(of: variable.bindingSpecifier),
            declaredTypes: binding.typeAnnotation.map { TypeNames.simpleNames($0.type) } ?? [],
            reads: GetterReads.of(binding, position: { self.position(of: $0) }),
            isActorIsolated: Self.isolation(variable.modifiers, variable.attributes)
              == .globalActor,
            constructedType: PropertyClassifier.result(of: binding).flatMap(
              PropertyClassifier.constructedType),
            builtWithSelf: PropertyClassifier.result(of: binding).flatMap {
              PropertyClassifier.unwrapped($0).as(FunctionCallExprSyntax.self).flatMap(
                PropertyClassifier.builtWithSelf)
            },
            calledType: PropertyClassifier.result(of: binding).flatMap {
              PropertyClassifier.calledType($0, declared: binding.typeAnnotation?.type)
            },
            callsStaticMethod: PropertyClassifier.result(of: binding).map(
              PropertyClassifier.callsStaticMethod) ?? false,
            calledFunctions: binding.accessorBlock.map(PropertyClassifier.calledFunctions) ?? [],
            isClosure: binding.typeAnnotation.map { PropertyClassifier.isClosure($0.type) }
              ?? false,
            elementTypes: binding.typeAnnotation.map {
              PropertyClassifier.elementTypes($0.type)
            } ?? []
          )
        )
      }
    }
    return result
  }
}

extension FactCollector {
  /// The methods among `members`, in every branch of `#if`, static ones left out.
  func methods(in members: MemberBlockItemListSyntax) -> [MethodFact] {
    members.flatMap { member -> [MethodFact] in
      if let conditional = member.decl.as(IfConfigDeclSyntax.self) {
        return conditional.clauses.flatMap { clause -> [MethodFact] in
          guard case .decls(let nested) = clause.elements else { return [] }
          return methods(in: nested)
        }
      }
      if let subscriptDecl = member.decl.as(SubscriptDeclSyntax.self) {
        return [Self.subscriptMethod(subscriptDecl, position: position(of: subscriptDecl))]
      }
      guard let function = member.decl.as(FunctionDeclSyntax.self),
        !function.modifiers.contains(where: {
          $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
        })
      else { return [] }
      return [Self.method(function, position: position(of: function.name))]
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
    var getterEffects = ""
    if case .accessors(let list) = node.accessorBlock?.accessors,
      let getter = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }),
      let effects = getter.effectSpecifiers
    {
      getterEffects = effects.trimmedDescription
    }
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

/// Finds the `shared` calls that take their key from `#function` in one scope, without entering
/// nested declarations (they have keys of their own).
private final class SharedCallFinder: SyntaxVisitor {
  private let root: Syntax
  private(set) var calls: [FunctionCallExprSyntax] = []

  init(root: Syntax) {
    self.root = root
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if PropertyClassifier.isDefaultKeyedSharedCall(node) {
      calls.append(node)
    }
    return .visitChildren
  }

  override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
    Syntax(node).id == root.id ? .visitChildren : .skipChildren
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
