import SwiftSyntax

/// Records which members are read on which type, where the syntax shows the type: the rule
/// `unused-pass-through` counts these reads as uses, and nothing else.
///
/// A read `base.x` counts for the type of `base` when that is written in the same file:
/// - `self.x`, or a bare `x`, inside the type or an extension of it;
/// - `v.x` where `v` is a parameter, a local or a member declared with that type
///   (`component: HomeComponent`) or initialized by calling it (`let v = HomeComponent(...)`);
/// - `HomeComponent(...).x`.
/// A read through anything else (`a.b.x`, a value whose type is inferred from a function) names no
/// type and counts for none, so whether a property is used never depends on which other files
/// happen to be analysed with it, only on the files that read it.
///
/// ``FactCollector`` drives it in its one walk of a file: it opens and closes the scopes and
/// hands over each read, with the type the walk is inside.
struct MemberReadCollector {
  private(set) var reads: Set<MemberRead> = []
  /// Variable name to type name, one dictionary per scope, innermost last.
  private var scopes: [[String: String]] = [[:]]

  // MARK: Scopes

  /// Opens a type's body, with its members declared.
  mutating func enter(members: MemberBlockItemListSyntax) {
    scopes.append([:])
    for variable in FactCollector.variables(in: members) {
      declare(variable)
    }
  }

  /// Opens a function's or an initializer's body, with its parameters declared, or a closure's.
  mutating func enter(parameters: FunctionParameterListSyntax = []) {
    var scope: [String: String] = [:]
    for parameter in parameters {
      let name = (parameter.secondName ?? parameter.firstName).text
      if let type = TypeNames.simpleNames(parameter.type).first {
        scope[name] = type
      }
    }
    scopes.append(scope)
  }

  mutating func leave() {
    scopes.removeLast()
  }

  /// Declares a member or, after them in order, a local in the innermost scope.
  mutating func declare(_ variable: VariableDeclSyntax) {
    for binding in variable.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
        continue
      }
      let declared = binding.typeAnnotation.flatMap { TypeNames.simpleNames($0.type).first }
      let constructed = binding.initializer.flatMap {
        PropertyClassifier.constructedType($0.value)
      }
      if let type = declared ?? constructed {
        scopes[scopes.count - 1][name] = type
      }
    }
  }

  /// The type of `variable` in the innermost scope that declares it.
  private func type(of variable: String) -> String? {
    scopes.reversed().lazy.compactMap { $0[variable] }.first
  }

  // MARK: Reads

  /// `base.x` inside `enclosingType` (nil outside any type).
  mutating func read(_ node: MemberAccessExprSyntax, in enclosingType: String?) {
    guard let base = node.base.map(PropertyClassifier.unwrapped) else { return }
    var owner: String?
    if let reference = base.as(DeclReferenceExprSyntax.self) {
      owner =
        reference.baseName.tokenKind == .keyword(.self)
        ? enclosingType : type(of: reference.baseName.text)
    } else {
      owner = PropertyClassifier.constructedType(base)
    }
    if let owner {
      reads.insert(MemberRead(type: owner, member: node.declName.baseName.text))
    }
  }

  /// A bare name inside a type reads that type's member (a local of the same name is counted
  /// too: the rule errs towards "used").
  mutating func read(_ node: DeclReferenceExprSyntax, in enclosingType: String?) {
    if !node.isMemberName, let enclosingType {
      reads.insert(MemberRead(type: enclosingType, member: node.baseName.text))
    }
  }
}
