import ArgumentParser

/// `napkin fix`: writes what lint can fix mechanically.
struct FixCommand: NapkinSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "fix",
    abstract:
      "Write the edges, pass-throughs, isolation words and restated conformances lint asks for.",
    discussion: """
      Writes, for each finding it can fix mechanically:
        missing-pass-through
            `var x: X { dependency.x }` (or a forwarding method) in every
            component between the child and the nearest ancestor that
            provides it (in the extension that conforms to the protocol of
            the component below, else in its class), and `var x: X { get }`
            in each one's own dependency protocol, in every #if branch
        edge-not-conformed
            a new `Parent+Child.swift` with `nonisolated extension Parent:
            ChildDependency { ... }` for a parent that builds the child with
            `self` (`dependency: self`, Needle's `parent: self`, a builder)
        service-not-nonisolated, static-not-nonisolated
            `nonisolated` on a service a component builds, and on a static
            a nonisolated type reads
        dependency-not-nonisolated
            `nonisolated protocol XDependency: Dependency`
        component-extension-not-nonisolated
            `nonisolated extension XComponent: YDependency`; a `@MainActor`
            extension gives the attribute up, and each builder property in
            it gets `@MainActor` instead
        builder-edge-not-main-actor
            `@MainActor` on a member that builds a builder or a main-actor
            object (a view controller)
        component-not-restating-sendable
            `final class X: Component<any XDependency>, @unchecked Sendable`
            (lint leaves this one to the compiler, which warns about it)

      Then the compiler judges: when the files belong to a SwiftPM package, \
      the targets that hold them are built before and after the edits (in \
      .build/napkin-fix, so a running build keeps its lock), and if the edits \
      add an error, every file is put back as it was, the edit and the \
      compiler's first message are named, and the exit status is 4. Every \
      declaration written is parsed first. --no-verify skips the builds, and \
      says the edits were not compiled. An edit fix cannot write safely (a \
      variadic method, a file name no type name gives) is named with the \
      reason, and the exit status is 1.

      Nothing else changes: formatting and comments stay, what is added takes the \
      file's indentation and line endings, and a second run finds nothing to fix. \
      A non-Sendable service and a requirement no ancestor provides are left to a \
      person: lint states the choices. Every file is edited in memory first; files are read only if \
      regular, never through a symbolic link, and replaced by a rename. If any input \
      cannot be read, or a file changed since it was read, nothing is changed and the \
      exit status is 3.
      """
  )

  @Argument(help: ArgumentHelp("Swift files or folders.", valueName: "PATH"))
  var paths: [String] = []

  @Flag(help: "Do not build the package before and after the edits (faster; not compiled).")
  var noVerify = false

  func execute(console: inout some Console) -> CommandStatus {
    SourceFixer.fix(paths, verify: !noVerify, console: &console)
  }
}
