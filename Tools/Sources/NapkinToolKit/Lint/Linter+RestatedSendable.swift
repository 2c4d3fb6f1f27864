/// The restated conformance every component class writes: `Component` is `@unchecked Sendable`,
/// and Swift asks each subclass to say so again, as the subclass's own promise.
extension Linter {
  /// A component class whose inheritance clause does not restate `@unchecked Sendable`.
  ///
  /// Not part of ``findings(in:)``: the compiler already warns at the same place ("class 'X'
  /// must restate inherited '@unchecked Sendable' conformance"), and lint reports what the
  /// compiler cannot see. `napkin fix` reports and writes it, since it is boilerplate.
  static func unrestatedSendables(_ wiring: Wiring) -> [Finding] {
    let components = Set(wiring.components.map(\.name)).union(wiring.componentBases)
    return wiring.files.flatMap { file in
      file.classes.compactMap { declared -> Finding? in
        // `Sendable` alone is the compiler's error ("cannot inherit from another class"), which
        // it reports loudly: only a class that says nothing is this rule's.
        guard components.contains(declared.name), !declared.conformances.contains("Sendable")
        else { return nil }
        return Finding(
          rule: .componentNotRestatingSendable,
          position: declared.position,
          message: "component \(declared.name) does not restate `@unchecked Sendable`: Swift 6 "
            + "asks every subclass of an `@unchecked Sendable` class to, and warns \"class "
            + "'\(declared.name)' must restate inherited '@unchecked Sendable' conformance\", "
            + "which fails a build that treats warnings as errors",
          fix: "add `@unchecked Sendable` to the end of its inheritance clause, your promise "
            + "that it adds no unguarded mutable state (napkin fix writes it)",
          components: [declared.name]
        )
      }
    }
  }
}
