import SwiftParser
import SwiftSyntax

/// The app's own view protocol (`napkin new --view-protocol TerminalScreen`), read from the
/// sources: the generated view protocol refines it, so the generated view conforms to it, and
/// the view declares what it asks for that nothing else provides.
///
/// A requirement gets the plainest body its type has (`""`, `[]`, `nil`, `false`, `0`, `{}`)
/// so that the napkin builds and shows nothing until the view is written; a requirement whose
/// type has no such value, a static one or an initializer is refused, since only the app knows
/// what it should be.
struct ViewProtocol: Equatable, Sendable {
  var name: String
  /// The declarations the generated view adds, in the order the protocols declare them.
  var members: [String]

  /// The members the generated view declares for its presenter role: a requirement of the same
  /// name would clash with them, except a `title` the generated one already satisfies.
  private static let generatedMembers: Set<String> = [
    "listener", "title", "present(title:)", "close()",
  ]

  /// One requirement of a protocol, or what cannot be written for one.
  private enum Requirement: Sendable {
    case property(name: String, type: String, isSettable: Bool)
    case function(key: String, signature: String, returnType: String?)
    case unwritable(String)

    var key: String {
      switch self {
      case .property(let name, _, _): name
      case .function(let key, _, _): key
      case .unwritable(let what): what
      }
    }
  }

  /// What one file says about the protocols in question.
  private struct FileMembers: Sendable {
    var requirements: [String: [Requirement]] = [:]
    /// Members an unconstrained extension of one of the protocols provides, by key.
    var defaults: Set<String> = []
    var problem: String?
  }

  /// Reads `name` and the protocols it refines from the files `wiring` was built from.
  static func read(_ name: String, wiring: Wiring, searched: String) throws(UsageError)
    -> ViewProtocol
  {
    guard wiring.protocols[name] != nil else {
      throw UsageError(
        message: "no protocol named \(name) under \(searched); --view-protocol names the app's "
          + "own view protocol, which refines ViewControllable")
    }
    let family = inOrder(from: name, wiring: wiring)
    guard family.contains("ViewControllable") else {
      throw UsageError(
        message: "\(name) does not refine ViewControllable, as far as the sources under "
          + "\(searched) show; a napkin's view must be a ViewControllable for its router")
    }
    let declared = Set(family).filter { wiring.protocols[$0] != nil && $0 != "ViewControllable" }
    var paths = Set(declared.compactMap { wiring.protocols[$0]?.position.file })
    for file in wiring.files
    where file.extensions.contains(where: { declared.contains($0.extendedType) }) {
      paths.insert(file.path)
    }
    let ordered = paths.sorted()
    let read = ParserThreads.map(ordered.count) { index in
      members(in: ordered[index], of: declared)
    }
    var requirements: [String: [Requirement]] = [:]
    var defaults: Set<String> = []
    for (path, file) in zip(ordered, read) {
      if let problem = file.problem {
        throw UsageError(message: "cannot read \(path) for \(name): \(problem)")
      }
      requirements.merge(file.requirements) { first, _ in first }
      defaults.formUnion(file.defaults)
    }
    return try ViewProtocol(
      name: name,
      members: written(
        family.flatMap { requirements[$0] ?? [] },
        defaults: defaults, protocolName: name))
  }

  /// `name`, then each protocol it refines, depth first, each once.
  private static func inOrder(from name: String, wiring: Wiring) -> [String] {
    var order: [String] = []
    var pending = [name]
    while let next = pending.popLast() {
      guard !order.contains(next) else { continue }
      order.append(next)
      pending += (wiring.protocols[next]?.inherited ?? []).reversed()
    }
    return order
  }

  /// The declarations for the requirements nothing provides.
  private static func written(
    _ requirements: [Requirement],
    defaults: Set<String>,
    protocolName: String
  ) throws(UsageError) -> [String] {
    var members: [String] = []
    var seen: Set<String> = []
    for requirement in requirements
    where !defaults.contains(requirement.key) && seen.insert(requirement.key).inserted {
      func refuse(_ reason: String, asking what: String? = nil) -> UsageError {
        UsageError(
          message: "\(protocolName) asks for \(what ?? "`\(requirement.key)`"), \(reason); "
            + "nothing was written. Give it a default in an extension of the protocol, or "
            + "leave --view-protocol out and conform the view yourself")
      }
      if case .property("title", "String", false) = requirement { continue }
      guard !generatedMembers.contains(requirement.key) else {
        throw refuse("which the generated view declares for its presenter role")
      }
      switch requirement {
      case .property(let name, let type, let isSettable):
        guard let value = emptyValue(of: type) else {
          throw refuse("of type \(type), which has no empty value the generated view could give")
        }
        members.append(
          isSettable ? "var \(name): \(type) = \(value)" : "var \(name): \(type) { \(value) }")
      case .function(_, let signature, nil):
        members.append("\(signature) {}")
      case .function(_, let signature, let returnType?):
        guard let value = emptyValue(of: returnType) else {
          throw refuse(
            "returning \(returnType), which has no empty value the generated view could give")
        }
        members.append("\(signature) {\n  \(value)\n}")
      case .unwritable(let what):
        throw refuse("which only the app can write", asking: what)
      }
    }
    return members
  }

  /// The value of `type` that holds nothing, when the type shows one: read by swift-syntax, so
  /// that `[K: V]` is told from `[T]` however deeply they nest.
  static func emptyValue(of type: String) -> String? {
    var parser = Parser(type)
    switch TypeSyntax.parse(from: &parser).as(TypeSyntaxEnum.self) {
    case .optionalType: return "nil"
    case .arrayType: return "[]"
    case .dictionaryType: return "[:]"
    case .identifierType(let named):
      switch (named.name.text, named.genericArgumentClause == nil) {
      case ("Optional", false): return "nil"
      case ("Array", false), ("Set", false): return "[]"
      case ("Dictionary", false): return "[:]"
      case ("String", true), ("Substring", true): return "\"\""
      case ("Bool", true): return "false"
      case (let name, true) where numbers.contains(name): return "0"
      default: return nil
      }
    default: return nil
    }
  }

  /// The number types whose empty value is `0`.
  private static let numbers: Set<String> = [
    "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    "Double", "Float",
  ]

  /// The requirements of `names` declared in the file at `path`, and the members unconstrained
  /// extensions of them provide. Runs on a thread of ``ParserThreads``.
  private static func members(in path: String, of names: Set<String>) -> FileMembers {
    guard let source = try? SourceLoader.readSource(path, followingLink: false).source else {
      return FileMembers(problem: "it cannot be read")
    }
    if let refusal = NestingGuard.check(source) { return FileMembers(problem: refusal.message) }
    var result = FileMembers()
    var parser = Parser(source, maximumNestingLevel: NestingGuard.maximumDepth)
    let tree = SourceFileSyntax.parse(from: &parser)
    for statement in tree.statements {
      if let declared = statement.item.as(ProtocolDeclSyntax.self),
        names.contains(declared.name.text)
      {
        result.requirements[declared.name.text] = declared.memberBlock.members.compactMap {
          requirement($0.decl)
        }
      } else if let declared = statement.item.as(ExtensionDeclSyntax.self),
        names.contains(TypeNames.extendedName(declared)), declared.genericWhereClause == nil
      {
        // A constrained extension's default (`where Self: UIViewController`) may not reach the
        // generated view, a plain class; declaring the member in the view builds either way.
        for member in declared.memberBlock.members {
          if let key = requirement(member.decl)?.key { result.defaults.insert(key) }
        }
      }
    }
    return result
  }

  /// What one member declaration of a protocol (or of its extension) asks for.
  private static func requirement(_ decl: DeclSyntax) -> Requirement? {
    let isStatic = { (modifiers: DeclModifierListSyntax) in
      modifiers.contains { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }
    }
    if let variable = decl.as(VariableDeclSyntax.self),
      let binding = variable.bindings.first,
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    {
      if isStatic(variable.modifiers) { return .unwritable("static var \(name)") }
      let type = binding.typeAnnotation?.type.trimmedDescription ?? ""
      var isSettable = false
      if case .accessors(let list)? = binding.accessorBlock?.accessors {
        isSettable = list.contains { $0.accessorSpecifier.tokenKind == .keyword(.set) }
      }
      return .property(name: name, type: type, isSettable: isSettable)
    }
    if let function = decl.as(FunctionDeclSyntax.self) {
      let labels = function.signature.parameterClause.parameters.map { $0.firstName.text + ":" }
      let key = function.name.text + "(" + labels.joined() + ")"
      if isStatic(function.modifiers) { return .unwritable("static func \(key)") }
      let returned = function.signature.returnClause?.type.trimmedDescription
      let isVoid = returned == nil || returned == "Void" || returned == "()"
      var signature = function.with(\.body, nil)
      signature.leadingTrivia = []
      return .function(
        key: key, signature: signature.trimmedDescription, returnType: isVoid ? nil : returned)
    }
    if decl.is(InitializerDeclSyntax.self) { return .unwritable("an initializer") }
    if decl.is(SubscriptDeclSyntax.self) { return .unwritable("a subscript") }
    if let associated = decl.as(AssociatedTypeDeclSyntax.self) {
      return .unwritable("the associated type \(associated.name.text)")
    }
    return nil
  }
}
