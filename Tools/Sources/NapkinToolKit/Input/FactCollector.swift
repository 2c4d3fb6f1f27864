import SwiftSyntax

/// Walks one file's syntax tree once and records the declarations and references that the graph
/// and the lint rules need. It never decides what is a component: that takes every file.
final class FactCollector: SyntaxAnyVisitor {
  private(set) var facts: FileFacts
  private let converter: SourceLocationConverter
  /// The types the walk is inside, innermost last, with the isolation each states.
  private var enclosing: [(name: String, isolation: StatedIsolation)] = []
  /// The classes the walk is inside, innermost last: the name of each interactor, nil for other
  /// classes.
  private var enclosingInteractors: [String?] = []
  /// How many initializers the walk is inside.
  private var initializerDepth = 0
  /// Where each scope's ``SharedScopeFact`` is in `facts.sharedScopes`, by the scope's node.
  private var sharedScopeIndices: [SyntaxIdentifier: Int] = [:]
  /// Members read on a type the syntax shows, in the scopes of this walk.
  private(set) var memberReads = MemberReadCollector()

  init(path: String, converter: SourceLocationConverter) {
    self.facts = FileFacts(path: path)
    self.converter = converter
    super.init(viewMode: .sourceAccurate)
  }

  func position(of node: some SyntaxProtocol) -> SourcePosition {
    let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
    return SourcePosition(file: facts.path, line: location.line, column: location.column)
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
    if Self.isTopLevel(node) {
      facts.importsEnd = node.endPosition.utf8Offset
      facts.importsEndFollowsImport = true
    }
    return .skipChildren
  }

  // MARK: Types

  /// Enters a type's body; ``visitAnyPost(_:)`` leaves it.
  private func enter(
    _ node: some DeclGroupSyntax, _ name: String, _ isolation: StatedIsolation
  ) -> SyntaxVisitorContinueKind {
    memberReads.enter(members: node.memberBlock.members)
    enclosing.append((name, isolation))
    return .visitChildren
  }

  /// Leaves what `visit` entered. One switch on the node's kind: this runs for every node, and a
  /// cast per node (to `DeclGroupSyntax` above all, a runtime conformance lookup) made the walk
  /// cost 60% more instructions.
  override func visitAnyPost(_ node: Syntax) {
    switch node.kind {
    case .initializerDecl:
      initializerDepth -= 1
      memberReads.leave()
    case .functionDecl, .closureExpr:
      memberReads.leave()
    case .classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl:
      if node.kind == .classDecl { enclosingInteractors.removeLast() }
      memberReads.leave()
      enclosing.removeLast()
    default:
      break
    }
  }

  /// Whether `node` declares a type with a body (a class, struct, enum, actor, protocol or
  /// extension), read from its kind rather than by a cast to `DeclGroupSyntax`.
  private static func isTypeDeclaration(_ node: Syntax) -> Bool {
    switch node.kind {
    case .classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl: true
    default: false
    }
  }

  /// Whether `node` is a statement of the file itself, outside any type, function or `#if`.
  private static func isTopLevel(_ node: some SyntaxProtocol) -> Bool {
    node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
  }

  /// Whether a type declared here takes the isolation an enclosing type states.
  private var isNested: Bool { enclosing.contains { $0.isolation != .unstated } }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    let inherited = node.inheritanceClause?.inheritedTypes.map(\.type) ?? []
    let isolation = Self.isolation(node.modifiers, node.attributes)
    let superclass = inherited.first.flatMap { TypeNames.simpleNames($0).first }
    let isInteractor = superclass == "Interactor" || superclass == "PresentableInteractor"
    enclosingInteractors.append(isInteractor ? node.name.text : nil)
    if let superclass, ChildRouterCollector.routerBases.contains(superclass) {
      facts.childRouterAssignments += ChildRouterCollector.assignments(in: node) {
        self.position(of: $0)
      }
    }
    facts.classes.append(
      ClassFact(
        name: node.name.text,
        superclass: superclass,
        superclassArgumentGroups: inherited.first.map(TypeNames.genericArguments) ?? [],
        conformances: inherited.flatMap(TypeNames.simpleNames),
        isolation: isolation,
        isNested: isNested,
        hasIsolatedInitializer: Self.hasIsolatedInitializer(node.memberBlock),
        genericParameters: node.genericParameterClause?.parameters.map(\.name.text) ?? [],
        properties: properties(in: node.memberBlock),
        methods: methods(in: node.memberBlock.members),
        position: position(of: node.name),
        closingBrace: node.memberBlock.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset
      )
    )
    return enter(node, node.name.text, isolation)
  }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    let name = TypeNames.extendedName(node)
    let isolation = Self.isolation(node.modifiers, node.attributes)
    facts.extensions.append(
      ExtensionFact(
        extendedType: name,
        conformances: TypeNames.inherited(node.inheritanceClause),
        properties: properties(in: node.memberBlock),
        methods: methods(in: node.memberBlock.members),
        position: position(of: node.extendedType),
        isolation: isolation,
        closingBrace: node.memberBlock.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset,
        defaults: Self.isTopLevel(node) && node.genericWhereClause == nil
          ? node.memberBlock.members.compactMap {
            Self.viewRequirement($0.decl, keyOnly: true)?.key
          }
          : []
      )
    )
    return enter(node, name, isolation)
  }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    let isolation = Self.isolation(node.modifiers, node.attributes)
    var declared = ProtocolFact(
      name: node.name.text, inherited: TypeNames.inherited(node.inheritanceClause),
      requirements: [], position: position(of: node.name), isolation: isolation,
      methods: methods(in: node.memberBlock.members),
      closingBrace: node.memberBlock.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset)
    if Self.isTopLevel(node) {
      declared.viewRequirements = node.memberBlock.members.compactMap {
        Self.viewRequirement($0.decl)
      }
    }
    for variable in Self.variables(in: node.memberBlock.members) {
      for binding in variable.bindings {
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
          continue
        }
        declared.requirements.append(name)
        guard let type = binding.typeAnnotation?.type.trimmedDescription else { continue }
        declared.requirementTypes[name] = type
        declared.requirementAttributes[name] = variable.attributes.trimmedDescription
        declared.requirementConditions[name] = Conditions(of: variable)
        declared.requirementOffsets[name] = variable.positionAfterSkippingLeadingTrivia.utf8Offset
        declared.requirementEffects[name] =
          binding.accessorBlock?.accessor(.get)?.effectSpecifiers?.trimmedDescription
      }
    }
    facts.protocols.append(declared)
    return enter(node, node.name.text, isolation)
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    recordValueType(node, hasInitializer: Self.hasIsolatedInitializer(node.memberBlock))
  }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    recordValueType(node, hasInitializer: true)
  }

  private func recordValueType(
    _ node: some DeclGroupSyntax & NamedDeclSyntax, hasInitializer: Bool
  ) -> SyntaxVisitorContinueKind {
    let isolation = Self.isolation(node.modifiers, node.attributes)
    facts.valueTypes.append(
      ValueTypeFact(
        name: node.name.text, isolation: isolation, hasInitializer: hasInitializer,
        isNested: isNested, position: position(of: node.name)))
    return enter(node, node.name.text, isolation)
  }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    // An actor's members are isolated to the actor, never to the main actor.
    enter(node, node.name.text, .nonisolated)
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
    if let parent = enclosing.last?.name,
      let built = PropertyClassifier.builtWithSelf(ExprSyntax(node))
    {
      facts.callSites.append(
        CallSiteFact(
          parent: parent, built: built, position: position(of: node),
          conditions: Conditions(of: node, throughTypes: true)))
    }
    recordLifecycleCall(node)
    recordSharedCall(node)
    guard let reader = nonisolatedReader else { return .visitChildren }
    // A bare call (`defaultName()`) may name a free function.
    if let called = node.calledExpression.as(DeclReferenceExprSyntax.self),
      called.baseName.text.first?.isLowercase == true
    {
      facts.nonisolatedUses.append(
        NonisolatedUseFact(
          reader: reader, type: called.baseName.text, member: nil, callsFunction: true,
          position: position(of: node)))
    }
    if let type = PropertyClassifier.calledType(ExprSyntax(node), declared: nil) {
      facts.nonisolatedUses.append(
        NonisolatedUseFact(
          reader: reader, type: type, member: nil,
          callsStaticMethod: PropertyClassifier.callsStaticMethod(ExprSyntax(node)),
          position: position(of: node)))
    }
    return .visitChildren
  }

  /// What an interactor's `init` starts: `task { }` and `disposeOnDeactivate` belong to
  /// `didBecomeActive`, since an interactor is built before it is attached and may never be.
  private func recordLifecycleCall(_ node: FunctionCallExprSyntax) {
    guard initializerDepth > 0, let interactor = enclosingInteractors.last ?? nil else { return }
    // `task` is the interactor's own; `disposeOnDeactivate` is called on what it disposes.
    let own = PropertyClassifier.ownMember(node.calledExpression)
    if let name = own
      ?? node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
      name == "disposeOnDeactivate" || (name == "task" && own != nil)
    {
      facts.interactorInitCalls.append(
        InteractorInitCall(interactor: interactor, call: name, position: position(of: node)))
    }
  }

  /// `Episode.placeholder` inside a nonisolated type: a read of a static member.
  override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
    memberReads.read(node, in: enclosing.last?.name)
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
    enclosing.last?.isolation == .nonisolated ? enclosing.last?.name : nil
  }

  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    memberReads.read(node, in: enclosing.last?.name)
    return .visitChildren
  }

  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
    memberReads.enter()
    return .visitChildren
  }

  /// A static property: whether it, or the extension it is in, says `nonisolated`.
  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    // Members were declared on entering their type; this adds locals, in order.
    if node.parent?.is(MemberBlockItemSyntax.self) != true {
      memberReads.declare(node)
    }
    guard let type = enclosing.last?.name,
      Self.isTypeMember(node.modifiers)
    else { return .visitChildren }
    let own = Self.isolation(node.modifiers, node.attributes)
    let container = enclosing.last?.isolation ?? .unstated
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

  // MARK: Functions

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    memberReads.enter(parameters: node.signature.parameterClause.parameters)
    if enclosing.isEmpty, Self.isTopLevel(node) {
      facts.globalFunctions.append(
        GlobalFunctionFact(
          name: node.name.text, isolation: Self.isolation(node.modifiers, node.attributes),
          position: position(of: node.name)))
    }
    return .visitChildren
  }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    memberReads.enter(parameters: node.signature.parameterClause.parameters)
    initializerDepth += 1
    return .visitChildren
  }

  /// A `shared` call that takes its key from `#function`, in the scope that gives the key: the
  /// nearest function's or initializer's body, or a subscript's or a property's accessors (every
  /// accessor of one property gets the property's name: one scope). A call in a nested type or
  /// function, outside a body of its own, belongs to no scope around it.
  private func recordSharedCall(_ node: FunctionCallExprSyntax) {
    guard PropertyClassifier.isDefaultKeyedSharedCall(node) else { return }
    var current = node.parent
    while let scope = current {
      current = scope.parent
      let kind: SharedScopeFact.Kind
      if let function = current?.as(FunctionDeclSyntax.self), scope.is(CodeBlockSyntax.self) {
        kind = .function(
          name: function.name.text,
          parameterCount: function.signature.parameterClause.parameters.count)
      } else if current?.is(InitializerDeclSyntax.self) == true, scope.is(CodeBlockSyntax.self) {
        // An initializer runs once per instance, so only two calls in it collide.
        kind = .initializer
      } else if let subscriptDecl = current?.as(SubscriptDeclSyntax.self),
        scope.is(AccessorBlockSyntax.self)
      {
        kind = .function(
          name: "subscript", parameterCount: subscriptDecl.parameterClause.parameters.count)
      } else if let binding = current?.as(PatternBindingSyntax.self),
        scope.is(AccessorBlockSyntax.self),
        let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
        binding.parent?.parent?.is(VariableDeclSyntax.self) == true
      {
        kind = .accessor(property: name)
      } else if scope.is(AccessorBlockSyntax.self) || scope.is(FunctionDeclSyntax.self)
        || Self.isTypeDeclaration(scope)
      {
        return
      } else {
        continue
      }
      if let index = sharedScopeIndices[scope.id] {
        facts.sharedScopes[index].calls.append(position(of: node))
      } else {
        sharedScopeIndices[scope.id] = facts.sharedScopes.count
        facts.sharedScopes.append(
          SharedScopeFact(
            enclosingType: enclosing.last?.name ?? "", kind: kind, calls: [position(of: node)]))
      }
      return
    }
  }
}
