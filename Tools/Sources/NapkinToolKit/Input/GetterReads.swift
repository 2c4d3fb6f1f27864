import SwiftSyntax

/// What a property's getter reads and builds while it runs: the edges of the static cycle check
/// and the type a `shared` factory makes.
///
/// Reads inside a closure nested in the getter (or in the factory) are left out: a closure that
/// is stored and called later is how a cycle is broken on purpose, and the syntax cannot tell it
/// from one called at once, so the check errs towards silence.
struct GetterReads: Hashable, Sendable {
  /// Members of the component itself: a bare `x` or `self.x`.
  var ownMembers: [String] = []
  /// Members of the parent: `dependency.x` or `self.dependency.x`.
  var dependencyMembers: [String] = []
  /// Members read on a value of a type the syntax shows: `ProfileComponent(dependency: self).x`,
  /// or `child.x` after `let child = ProfileComponent(...)` in the same getter.
  var typedMembers: [MemberRead] = []
  /// For `shared { ... }`: the type the factory constructs, if its result is a call to one.
  var factoryType: String?
  /// The factory's result is a Napkin builder, `XBuilder(dependency: ...)`.
  var factoryBuildsBuilder = false
  /// Where the `shared` call is, for findings about its factory.
  var factoryPosition: SourcePosition?
  /// The factory's call hands the component itself to what it builds: `X(component: self)`.
  var factoryPassesSelf = false

  static func of(
    _ binding: PatternBindingSyntax,
    position: (any SyntaxProtocol) -> SourcePosition
  ) -> GetterReads {
    guard let body = binding.accessorBlock?.getterStatements else { return GetterReads() }
    let finder = Finder(viewMode: .sourceAccurate)
    finder.walk(body)
    var reads = finder.reads
    if let call = finder.sharedCall {
      reads.factoryPosition = position(call)
      if let last = finder.factory?.statements.last,
        let result = PropertyClassifier.returnedExpression(last)
      {
        reads.factoryType = PropertyClassifier.constructedType(result)
        reads.factoryBuildsBuilder = PropertyClassifier.isBuilderCall(result)
        let call = PropertyClassifier.unwrapped(result).as(FunctionCallExprSyntax.self)
        reads.factoryPassesSelf =
          call?.arguments.contains { PropertyClassifier.isSelf($0.expression) } ?? false
      }
    }
    return reads
  }

  /// Walks one getter; enters the factory closure of `shared` but no other closure.
  private final class Finder: SyntaxVisitor {
    var reads = GetterReads()
    var sharedCall: FunctionCallExprSyntax?
    /// The factory closure of `sharedCall`: the one closure the walk enters.
    private(set) var factory: ClosureExprSyntax?

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      if sharedCall == nil, PropertyClassifier.isSharedCall(node) {
        sharedCall = node
        factory = node.trailingClosure ?? node.arguments.last?.expression.as(ClosureExprSyntax.self)
      }
      return .visitChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
      node.id == factory?.id ? .visitChildren : .skipChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
      let member = node.declName.baseName.text
      if PropertyClassifier.isDependency(node.base) {
        reads.dependencyMembers.append(member)
        return .skipChildren
      }
      if PropertyClassifier.isSelf(node.base) {
        reads.ownMembers.append(member)
        return .skipChildren
      }
      if let base = node.base.map(PropertyClassifier.unwrapped) {
        let type =
          base.as(DeclReferenceExprSyntax.self).flatMap { locals[$0.baseName.text] }
          ?? PropertyClassifier.constructedType(base)
        if let type {
          reads.typedMembers.append(MemberRead(type: type, member: member))
        }
      }
      return .visitChildren
    }

    /// Locals of the getter initialized by a call to a type: `let child = Child(...)`.
    private var locals: [String: String] = [:]

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
      if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
        let type = node.initializer.flatMap({ PropertyClassifier.constructedType($0.value) })
      {
        locals[name] = type
      }
      return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
      let name = node.baseName.text
      if !node.isMemberName, name != "shared", name.first?.isLowercase == true {
        reads.ownMembers.append(name)
      }
      return .visitChildren
    }

    // Nested declarations run later, if at all.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  }
}
