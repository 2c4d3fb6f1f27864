import SwiftSyntax

/// Finds what an interactor's `init` starts: `task { }` and `disposeOnDeactivate` belong to
/// `didBecomeActive`, since an interactor is built before it is attached and may never be.
final class LifecycleCollector: SyntaxVisitor {
  private(set) var calls: [InteractorInitCall] = []
  private let position: (any SyntaxProtocol) -> SourcePosition
  /// The interactor classes the walk is inside, innermost last (nil for other types).
  private var interactors: [String?] = []
  private var initializerDepth = 0

  init(position: @escaping (any SyntaxProtocol) -> SourcePosition) {
    self.position = position
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    let superclass = node.inheritanceClause?.inheritedTypes.first.flatMap {
      TypeNames.simpleNames($0.type).first
    }
    let isInteractor = superclass.map { $0 == "Interactor" || $0 == "PresentableInteractor" }
    interactors.append(isInteractor == true ? node.name.text : nil)
    return .visitChildren
  }

  override func visitPost(_ node: ClassDeclSyntax) {
    interactors.removeLast()
  }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    initializerDepth += 1
    return .visitChildren
  }

  override func visitPost(_ node: InitializerDeclSyntax) {
    initializerDepth -= 1
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    guard initializerDepth > 0, let interactor = interactors.last ?? nil else {
      return .visitChildren
    }
    // `task` is the interactor's own; `disposeOnDeactivate` is called on what it disposes.
    let own = PropertyClassifier.ownMember(node.calledExpression)
    if let name = own
      ?? node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName
      .text, name == "disposeOnDeactivate" || (name == "task" && own != nil)
    {
      calls.append(InteractorInitCall(interactor: interactor, call: name, position: position(node)))
    }
    return .visitChildren
  }
}

/// `task { }` or `x.disposeOnDeactivate(...)` written in an interactor's initializer.
struct InteractorInitCall: Hashable, Sendable {
  var interactor: String
  var call: String
  var position: SourcePosition
}
