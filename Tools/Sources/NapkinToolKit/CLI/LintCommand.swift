import ArgumentParser
import Foundation

/// `napkin lint`: the wiring mistakes the compiler cannot see.
struct LintCommand: NapkinSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Check the wiring; print each finding with file:line:column and its fix.",
    discussion: """
      Rules:
        stored-var
            a stored `var` in a Component subclass (components are @unchecked
            Sendable: nothing guards it)
        shared-in-method-with-parameters
            `shared` in a method with parameters: every argument gets the same
            #function key
        shared-called-twice
            two `shared` calls in one accessor: one #function key
        unconformed-dependency
            a protocol refining Dependency that no component conforms to
        unused-pass-through
            a `dependency.x` pass-through that no child's dependency protocol
            requires and that is read on no value whose type the syntax shows is
            the component
        shared-cycle
            shared properties that need each other: the program stops at the
            first read
        shared-holds-builder-or-router
            `shared { XBuilder(dependency: self) }`: a retain cycle
        shared-not-sendable
            `shared { X() }` where the class X is not Sendable
        dependency-not-nonisolated
            a dependency protocol without `nonisolated`
        builder-edge-not-main-actor
            a builder edge without `@MainActor`
        component-extension-not-nonisolated
            a providing component extension without `nonisolated`
        shared-captures-component
            `shared { X(component: self) }` where X keeps a builder or router: a
            retain cycle
        lifecycle-in-initializer
            `task { }` or `disposeOnDeactivate` in an interactor's `init`
        child-router-dropped-attached
            a router's stored child overwritten or set to nil without
            `detachChild`
        missing-pass-through
            a child asks for a member its parent's parent provides and its parent
            does not pass on (napkin fix writes it)
        parent-cycle
            components that are their own ancestors (A's parent B, B's C, C's A)

      Formats: text, json, diagnostics (`file:line:column: warning: ...` as compilers write \
      them, for build systems such as the NapkinLintPlugin; findings and input problems do \
      not change the exit status, so that they warn without failing the build).

      Exit status: 0 nothing found, 1 findings, 2 wrong command line, 3 some input could not \
      be analysed (and nothing found in the rest).
      """
  )

  @Argument(help: ArgumentHelp("Swift files or folders; '-' is standard input.", valueName: "PATH"))
  var paths: [String] = []

  @Option(help: "The output format.")
  var format: LintFormat = .text

  /// The file a build system waits for: the NapkinLintPlugin's build command must have an
  /// output, or SwiftPM never runs it.
  @Option(help: .hidden)
  var stamp: String?

  func execute(console: inout some Console) throws(UsageError) -> CommandStatus {
    let (wiring, problems, _) = NapkinCommandLine.analyse(paths, console: &console)
    let findings = Linter.findings(in: wiring)
    console.write(format.render(findings, problems: problems, fileCount: wiring.files.count))
    if let stamp {
      guard FileManager.default.createFile(atPath: stamp, contents: Data()) else {
        throw UsageError(message: "cannot write the stamp file \(stamp)")
      }
    }
    if format == .diagnostics { return .success }
    if !findings.isEmpty { return .findings }
    return problems.isEmpty ? .success : .inputProblem
  }
}
