extension Wiring {
  /// The component a person means by `spelling`, as `graph` draws it: the name itself
  /// (`Session`, `HomeComponent`), the last part of a qualified name (`App.SessionComponent`,
  /// for a component nested in a type), or the name with `Component` added (`Home`).
  func componentName(spelled spelling: String) throws(UsageError) -> String {
    let simple = spelling.split(separator: ".").last.map(String.init) ?? spelling
    var tried: [String] = []
    for candidate in [spelling, simple, simple + "Component"] where !tried.contains(candidate) {
      if component(named: candidate) != nil { return candidate }
      tried.append(candidate)
    }
    throw UsageError(
      message: "no component named \(tried.last ?? spelling) in the sources (looked for "
        + tried.joined(separator: ", ") + "); `napkin graph` lists them")
  }
}
