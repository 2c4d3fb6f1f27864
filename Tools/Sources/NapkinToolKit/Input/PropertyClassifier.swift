import SwiftSyntax

/// Tells shared, fresh, pass-through and stored properties apart by the shape of their getter.
enum PropertyClassifier {
  /// Airframe's stores: a component that holds one shares its instances per key or per
  /// process, not per component.
  static let storeTypes: Set<String> = ["PerKey", "Configured", "Announcements"]

  static func kind(of binding: PatternBindingSyntax, isVariable: Bool) -> PropertyKind {
    let declared = binding.typeAnnotation.map { TypeNames.simpleNames($0.type) } ?? []
    guard let accessors = binding.accessorBlock else {
      let constructed = binding.initializer.map { constructedType($0.value) } ?? nil
      if !isVariable,
        let store = (declared + [constructed].compactMap(\.self)).first(
          where: storeTypes.contains)
      {
        return .store(type: store)
      }
      return .stored(isVariable: isVariable)
    }
    if case .accessors(let list) = accessors.accessors, accessors.accessor(.get) == nil {
      let observersOnly = list.allSatisfy {
        $0.accessorSpecifier.tokenKind == .keyword(.willSet)
          || $0.accessorSpecifier.tokenKind == .keyword(.didSet)
      }
      return observersOnly ? .stored(isVariable: isVariable) : .computed
    }
    let getterKind = accessors.getterStatements.map(kind(ofGetter:)) ?? .computed
    // The declared type says what a computed property hands out, whatever builds it.
    if let store = declared.first(where: storeTypes.contains) {
      if case .passThrough = getterKind { return getterKind }
      return .store(type: store)
    }
    if getterKind == .fresh, declared.contains(where: { $0.hasSuffix("Buildable") }) {
      return .builder
    }
    return getterKind
  }

  /// The type a call constructs, if the syntax shows one: `PerKey<K, V> { ... }` and
  /// `ProfileBuilder(dependency: self)` give `PerKey` and `ProfileBuilder`.
  static func constructedType(_ expression: ExprSyntax) -> String? {
    let expression = unwrapped(expression)
    guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
    let called =
      call.calledExpression.as(GenericSpecializationExprSyntax.self)?.expression
      ?? call.calledExpression
    let name = called.as(DeclReferenceExprSyntax.self)?.baseName.text
    return name?.first?.isUppercase == true ? name : nil
  }

  /// The type whose initializer or static method `expression` calls: `.init()` gives the
  /// `declared` type (through an optional), `Services.Engine()` gives `Engine`, `Client.make()`
  /// gives `Client`; nil for anything else.
  static func calledType(_ expression: ExprSyntax, declared: TypeSyntax?) -> String? {
    if let type = constructedType(expression) { return type }
    guard let call = unwrapped(expression).as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self)
    else { return nil }
    guard let base = member.base else {
      // `.init()` and `.make()` name the declared type.
      return declared.flatMap { TypeNames.simpleNames(TypeNames.unwrapped($0)).first }
    }
    // `ReplaySubject<T>.create(...)` names `ReplaySubject`.
    let named = base.as(GenericSpecializationExprSyntax.self)?.expression ?? base
    let names = named.trimmedDescription.split(separator: ".").map(String.init)
    guard let last = names.last, last.first?.isUppercase == true else { return nil }
    // `Services.Engine()` builds an Engine; `Client.make()` calls a static of Client.
    let called = member.declName.baseName.text
    return called.first?.isUppercase == true ? called : last
  }

  /// Whether `expression` calls a static method (`Client.make()`, `.make()`), not an
  /// initializer: a static method takes the module's default isolation whatever the type's
  /// initializers do.
  static func callsStaticMethod(_ expression: ExprSyntax) -> Bool {
    guard let call = unwrapped(expression).as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self)
    else { return false }
    let name = member.declName.baseName
    return name.tokenKind != .keyword(.`init`) && name.text.first?.isLowercase == true
  }

  /// The bare lowercase names called as functions in `accessors`: `makeClient()`.
  static func calledFunctions(_ accessors: AccessorBlockSyntax) -> [String] {
    accessors.tokens(viewMode: .sourceAccurate).compactMap { token in
      guard case .identifier(let name) = token.tokenKind, name.first?.isLowercase == true,
        let reference = token.parent?.as(DeclReferenceExprSyntax.self),
        !reference.isMemberName,
        let call = reference.parent?.as(FunctionCallExprSyntax.self),
        call.calledExpression.id == reference.id
      else { return nil }
      return name
    }
  }

  /// A function type without `@Sendable`: what a component shares must be Sendable.
  static func isClosure(_ type: TypeSyntax) -> Bool {
    switch type.as(TypeSyntaxEnum.self) {
    case .attributedType(let attributed):
      let sendable = attributed.attributes.contains {
        $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Sendable"
      }
      return !sendable && isClosure(attributed.baseType)
    case .tupleType(let tuple) where tuple.elements.count == 1:
      return tuple.elements.first.map { isClosure($0.type) } ?? false
    case .functionType: return true
    default: return false
    }
  }

  /// The names inside arrays, dictionaries, sets and optionals of `type`.
  static func elementTypes(_ type: TypeSyntax) -> [String] {
    switch type.as(TypeSyntaxEnum.self) {
    case .arrayType(let array): return names(in: array.element)
    case .dictionaryType(let dictionary):
      return names(in: dictionary.key) + names(in: dictionary.value)
    case .optionalType(let optional): return elementTypes(optional.wrappedType)
    case .identifierType(let identifier)
    where ["Array", "Set", "Dictionary", "Optional"].contains(identifier.name.text):
      return identifier.genericArgumentClause?.arguments.flatMap { argument in
        Syntax(argument.argument).as(TypeSyntax.self).map(names) ?? []
      } ?? []
    default: return []
    }
  }

  private static func names(in type: TypeSyntax) -> [String] {
    TypeNames.simpleNames(type) + elementTypes(type)
  }

  /// The expression a computed property's getter hands out: its last statement, or the result
  /// of its `shared` factory.
  static func result(of binding: PatternBindingSyntax) -> ExprSyntax? {
    guard let last = binding.accessorBlock?.getterStatements?.last,
      let expression = returnedExpression(last)
    else { return nil }
    if let call = unwrapped(expression).as(FunctionCallExprSyntax.self), isSharedCall(call),
      let factory = call.trailingClosure
        ?? call.arguments.last?.expression.as(
          ClosureExprSyntax.self),
      let result = factory.statements.last.flatMap(returnedExpression)
    {
      return result
    }
    return expression
  }

  /// The type the call `expression` builds with `self` as its dependency: `X(dependency: self)`
  /// and Needle's `X(parent: self)`.
  static func builtWithSelf(_ expression: ExprSyntax) -> String? {
    guard let type = constructedType(expression),
      let argument = unwrapped(expression).as(FunctionCallExprSyntax.self)?.arguments.first,
      argument.label?.text == "dependency" || argument.label?.text == "parent",
      isSelf(argument.expression)
    else { return nil }
    return type
  }

  /// Classifies by the expression the getter returns (its last statement).
  static func kind(ofGetter body: CodeBlockItemListSyntax) -> PropertyKind {
    guard let last = body.last, var expression = returnedExpression(last) else {
      return .computed
    }
    expression = unwrapped(expression)
    if let call = expression.as(FunctionCallExprSyntax.self) {
      if isSharedCall(call) { return .shared }
      if isPerKeyRead(call) { return .perKey }
      if let type = constructedType(ExprSyntax(call)), storeTypes.contains(type) {
        return .store(type: type)
      }
      return isBuilderCall(ExprSyntax(call)) ? .builder : .fresh
    }
    if let member = expression.as(MemberAccessExprSyntax.self), isDependency(member.base) {
      return .passThrough(member: member.declName.baseName.text)
    }
    // `boundaries.feeds`, `settings.theme`: a value held elsewhere, which the graph shows too.
    if let member = expression.as(MemberAccessExprSyntax.self), member.base != nil {
      return .read
    }
    return .computed
  }

  /// `XBuilder(dependency: ...)`: Napkin's builders take the component as their dependency;
  /// other `...Builder` types (a request builder) are plain fresh instances.
  static func isBuilderCall(_ expression: ExprSyntax) -> Bool {
    guard let type = constructedType(expression), type.hasSuffix("Builder") else { return false }
    let call = unwrapped(expression).as(FunctionCallExprSyntax.self)
    return call?.arguments.first?.label?.text == "dependency"
  }

  /// `shared { }` or `self.shared { }`, whatever its arguments.
  static func isSharedCall(_ call: FunctionCallExprSyntax) -> Bool {
    ownMember(call.calledExpression) == "shared"
  }

  /// `store.shared(for: key)` (Airframe's per-key store), not the component's own `shared`.
  static func isPerKeyRead(_ call: FunctionCallExprSyntax) -> Bool {
    guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "shared", let base = member.base, !isSelf(base)
    else { return false }
    return call.arguments.first?.label?.text == "for"
  }

  /// A `shared` call whose key is the caller's `#function` (no `forCallerKey:` argument).
  static func isDefaultKeyedSharedCall(_ call: FunctionCallExprSyntax) -> Bool {
    isSharedCall(call) && !call.arguments.contains { $0.label?.text == "forCallerKey" }
  }

  /// `dependency` or `self.dependency`.
  static func isDependency(_ expression: ExprSyntax?) -> Bool {
    ownMember(expression) == "dependency"
  }

  /// The member `x` or `self.x` names: one of the enclosing type's, read without another base.
  static func ownMember(_ expression: ExprSyntax?) -> String? {
    if let reference = expression?.as(DeclReferenceExprSyntax.self) {
      return reference.baseName.text
    }
    guard let member = expression?.as(MemberAccessExprSyntax.self), isSelf(member.base) else {
      return nil
    }
    return member.declName.baseName.text
  }

  /// `self`.
  static func isSelf(_ expression: ExprSyntax?) -> Bool {
    expression?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
  }

  static func returnedExpression(_ item: CodeBlockItemSyntax) -> ExprSyntax? {
    switch item.item {
    case .expr(let expression):
      return expression
    case .stmt(let statement):
      return statement.as(ReturnStmtSyntax.self)?.expression
        ?? statement.as(ExpressionStmtSyntax.self)?.expression
    default:
      return nil
    }
  }

  static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
    switch expression.as(ExprSyntaxEnum.self) {
    case .tryExpr(let inner): unwrapped(inner.expression)
    case .awaitExpr(let inner): unwrapped(inner.expression)
    case .forceUnwrapExpr(let inner): unwrapped(inner.expression)
    default: expression
    }
  }
}

extension AccessorBlockSyntax {
  /// The `get` (or `set`...) of a list of accessors (`{ get async throws }`, `{ get { ... } set
  /// { ... } }`).
  func accessor(_ keyword: Keyword) -> AccessorDeclSyntax? {
    guard case .accessors(let list) = accessors else { return nil }
    return list.first { $0.accessorSpecifier.tokenKind == .keyword(keyword) }
  }

  /// What the getter runs: the block itself for `{ x }`, else the body of its `get`.
  var getterStatements: CodeBlockItemListSyntax? {
    if case .getter(let statements) = accessors { return statements }
    return accessor(.get)?.body?.statements
  }
}
