import SwiftSyntax

/// Finds assignments that replace a router's stored child (`presented = nil`, `child = next`)
/// in a method that neither detaches a child, directly or through another method of the same
/// router, nor reads the property first (`guard child == nil`): the old child stays attached,
/// active and in memory, with no property left to detach it through. ``FactCollector`` asks it
/// of each class whose superclass is one of ``routerBases``.
enum ChildRouterCollector {
  /// Napkin's router classes; a router's stored children are `var`s typed `...Routing` or
  /// `...Router`.
  static let routerBases: Set<String> = ["Router", "ViewableRouter", "LaunchRouter"]
  /// Run once, before any child exists; an assignment there replaces nothing.
  private static let runOnce: Set<String> = ["didLoad"]

  /// The assignments in `router`'s methods that replace a stored child without detaching it.
  static func assignments(
    in router: ClassDeclSyntax, position: (any SyntaxProtocol) -> SourcePosition
  ) -> [ChildRouterAssignment] {
    var children: Set<String> = []
    for member in router.memberBlock.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self),
        variable.bindingSpecifier.tokenKind == .keyword(.var)
      else { continue }
      for binding in variable.bindings where binding.accessorBlock == nil {
        // `(any XRouting)?` is XRouting: a stored child is optional, since it comes and goes.
        let types =
          binding.typeAnnotation.map { TypeNames.simpleNames(TypeNames.unwrapped($0.type)) } ?? []
        guard types.contains(where: { $0.hasSuffix("Routing") || $0.hasSuffix("Router") }),
          let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { continue }
        children.insert(name)
      }
    }
    guard !children.isEmpty else { return [] }
    var methods: [Method] = []
    for member in router.memberBlock.members {
      guard let function = member.decl.as(FunctionDeclSyntax.self), let body = function.body
      else { continue }
      let method = Method(name: function.name.text, children: children)
      method.walk(body)
      methods.append(method)
    }
    // A method detaches if it calls `detachChild` or a method of this router that does.
    let calls = Dictionary(methods.map { ($0.name, $0.calls) }, uniquingKeysWith: { $0.union($1) })
    let detaching = Wiring.closure(
      of: Set(calls.keys).subtracting(["detachChild"]), base: ["detachChild"],
      parents: { Array(calls[$0] ?? []) })
    return methods.filter { !detaching.contains($0.name) && !runOnce.contains($0.name) }.flatMap {
      method in
      method.assignments.filter { !method.reads.contains($0.property) }.map { assignment in
        ChildRouterAssignment(
          router: router.name.text, property: assignment.property, isNil: assignment.isNil,
          method: method.name, position: position(assignment.node))
      }
    }
  }

  /// One method, read from its body: its assignments to child properties, what it reads and
  /// calls.
  private final class Method: SyntaxVisitor {
    let name: String
    let children: Set<String>
    /// The router's own methods it calls, `detachChild` among them.
    var calls: Set<String> = []
    var reads: Set<String> = []
    var assignments: [(property: String, isNil: Bool, node: Syntax)] = []

    init(name: String, children: Set<String>) {
      self.name = name
      self.children = children
      super.init(viewMode: .sourceAccurate)
    }

    /// `x = value`: unfolded, as SwiftParser leaves it, a sequence of three.
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
      let elements = Array(node.elements)
      guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
        let property = PropertyClassifier.ownMember(elements[0]), children.contains(property)
      else { return .visitChildren }
      let isNil = elements[2].is(NilLiteralExprSyntax.self)
      assignments.append((property, isNil, Syntax(node)))
      walk(elements[2])
      return .skipChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
      if children.contains(node.baseName.text) {
        reads.insert(node.baseName.text)
      }
      return .visitChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
      // `if let presented` reads `presented` with no expression written.
      if node.initializer == nil, children.contains(node.pattern.trimmedDescription) {
        reads.insert(node.pattern.trimmedDescription)
      }
      return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      if let name = PropertyClassifier.ownMember(node.calledExpression) {
        calls.insert(name)
      }
      return .visitChildren
    }
  }
}
