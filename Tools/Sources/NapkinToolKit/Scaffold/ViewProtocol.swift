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

  /// Reads `name` and the protocols it refines from the files `wiring` was built from.
  static func read(_ name: String, wiring: Wiring, searched: String) throws(UsageError)
    -> ViewProtocol
  {
    guard wiring.protocols[name] != nil else {
      throw UsageError(
        message: "no protocol named \(name) under \(searched); --view-protocol names the app's "
          + "own view protocol, which refines ViewControllable")
    }
    let family = wiring.refinementOrder(of: [name])
    guard family.contains("ViewControllable") else {
      throw UsageError(
        message: "\(name) does not refine ViewControllable, as far as the sources under "
          + "\(searched) show; a napkin's view must be a ViewControllable for its router")
    }
    let declared = Set(family).filter { wiring.protocols[$0] != nil && $0 != "ViewControllable" }
    // Each one's requirements are those of its declaration at the top level of a file that
    // declares the first of one of them or extends one: the first such file, its last such
    // declaration.
    var paths = Set(declared.compactMap { wiring.protocols[$0]?.position.file })
    var defaults: Set<String> = []
    for file in wiring.files {
      for extended in file.extensions where declared.contains(extended.extendedType) {
        paths.insert(file.path)
        defaults.formUnion(extended.defaults)
      }
    }
    var requirements: [String: [ViewRequirement]] = [:]
    for file in wiring.files where paths.contains(file.path) {
      for found in file.protocols.reversed()
      where declared.contains(found.name) && requirements[found.name] == nil {
        requirements[found.name] = found.viewRequirements
      }
    }
    return try ViewProtocol(
      name: name,
      members: written(
        family.flatMap { requirements[$0] ?? [] },
        defaults: defaults, protocolName: name))
  }

  /// The declarations for the requirements nothing provides.
  private static func written(
    _ requirements: [ViewRequirement],
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
}
