import ArgumentParser

/// `napkin fix`: writes what lint can fix mechanically.
struct FixCommand: NapkinSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "fix",
    abstract: "Write the pass-throughs, isolation words and restated conformances lint asks for.",
    discussion: """
      Writes, for each finding it can fix mechanically:
        missing-pass-through
            `var x: X { dependency.x }` in the parent (in the extension that
            conforms to the child's protocol, else in its class), and
            `var x: X { get }` in the parent's own dependency protocol
        dependency-not-nonisolated
            `nonisolated protocol XDependency: Dependency`
        component-extension-not-nonisolated
            `nonisolated extension XComponent: YDependency`; a `@MainActor`
            extension gives the attribute up, and each builder property in
            it gets `@MainActor` instead
        builder-edge-not-main-actor
            `@MainActor` on the builder property
        component-not-restating-sendable
            `final class X: Component<any XDependency>, @unchecked Sendable`
            (lint leaves this one to the compiler, which warns about it)

      Nothing else changes: formatting and comments stay, and a second run finds \
      nothing to fix. Every file is edited in memory first; files are read only if \
      regular, never through a symbolic link, and replaced by a rename. If any input \
      cannot be read, or a file changed since it was read, nothing is changed and the \
      exit status is 3.
      """
  )

  @Argument(help: ArgumentHelp("Swift files or folders.", valueName: "PATH"))
  var paths: [String] = []

  func execute(console: inout some Console) -> CommandStatus {
    SourceFixer.fix(paths, console: &console)
  }
}
