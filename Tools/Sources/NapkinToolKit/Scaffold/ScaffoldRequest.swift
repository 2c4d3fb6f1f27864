/// What `napkin new` was asked to write, checked.
struct ScaffoldRequest: Equatable, Sendable {
  var name: String
  var parent: String
  /// `--into`: where to look for the parent component, and the folder of the new napkin's
  /// folder. Without it the parent is looked for in the current folder, and the new napkin goes
  /// beside its parent's folder.
  var directory: String?
  var testsDirectory: String?
  /// The module the tests `@testable import`; by default the target the napkin is written into.
  var module: String?
  /// False for `--no-view`: a napkin with a `Router` and an `Interactor` and no view.
  var hasView = true
  /// The app's own view protocol (`--view-protocol`), which the napkin's view protocol refines.
  var viewProtocol: String?
}

extension ScaffoldRequest {
  /// Checks what `napkin new` was given: a napkin name and a parent that can be type-name
  /// prefixes.
  init(
    name: String?,
    parent: String?,
    into: String?,
    tests: String?,
    module: String?,
    hasView: Bool = true,
    viewProtocol: String? = nil
  ) throws(UsageError) {
    guard let name else {
      throw UsageError(message: "missing the napkin's name: napkin new <Name> --parent <Parent>")
    }
    guard let parent else {
      throw UsageError(
        message: "missing --parent: name the napkin whose component builds \(name), "
          + "e.g. napkin new \(name) --parent Home")
    }
    try Self.check(name, role: "name")
    try Self.check(parent, role: "parent")
    guard name != parent else {
      throw UsageError(message: "a napkin cannot be its own parent: \(name)")
    }
    if let viewProtocol {
      guard hasView else {
        throw UsageError(
          message: "--view-protocol names the protocol of the napkin's view, and --no-view asks "
            + "for a napkin without one: give one of them")
      }
      guard Self.isIdentifier(viewProtocol, first: { $0.isLetter || $0 == "_" }) else {
        throw UsageError(
          message: "--view-protocol '\(viewProtocol)' is not a protocol name: give the name of "
            + "the app's view protocol as declared (e.g. TerminalScreen)")
      }
    }
    self.init(
      name: name, parent: parent, directory: into, testsDirectory: tests, module: module,
      hasView: hasView, viewProtocol: viewProtocol)
  }

  /// A napkin name becomes the prefix of type names: an identifier that starts upper-case.
  private static func check(_ value: String, role: String) throws(UsageError) {
    guard isIdentifier(value, first: { $0.isUppercase && $0.isASCII }) else {
      throw UsageError(
        message: "the \(role) '\(value)' is not a napkin name: use letters and digits, "
          + "starting with an upper-case letter (e.g. Profile)")
    }
    for suffix in ["Component", "Builder", "Router", "Interactor"] where value.hasSuffix(suffix) {
      throw UsageError(
        message: "give the napkin's name without '\(suffix)': '\(value.dropLast(suffix.count))'")
    }
    guard role == "name" else { return }
    let clashes = NapkinTemplates.appTypeSuffixes.map { value + $0 }
      .filter(NapkinPublicTypes.names.contains)
    guard clashes.isEmpty else {
      throw UsageError(
        message: "the napkin '\(value)' would declare \(clashes.joined(separator: ", ")), "
          + "which Napkin already declares: the app's type would shadow Napkin's and the app "
          + "would not build. Choose another name (e.g. '\(value)Screen'); nothing was written")
    }
  }

  /// Whether `value` is an ASCII identifier whose first character passes `first`.
  private static func isIdentifier(_ value: String, first: (Character) -> Bool) -> Bool {
    value.first.map(first) == true
      && value.allSatisfy { ($0.isLetter || $0.isNumber || $0 == "_") && $0.isASCII }
  }
}
