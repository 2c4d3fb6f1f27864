import ArgumentParser

/// `napkin fix`: writes what lint can fix mechanically.
struct FixCommand: NapkinSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "fix",
    abstract: "Write the missing pass-throughs lint reports.",
    discussion: """
      For each missing-pass-through finding, adds `var x: X { dependency.x }` to the parent \
      (in the extension that conforms to the child's dependency protocol, else in its class) \
      and `var x: X { get }` to the parent's own dependency protocol when it lacks it. Nothing \
      else changes: formatting and comments stay, and a second run finds nothing to fix. If \
      any input cannot be read, nothing is changed and the exit status is 3.
      """
  )

  @Argument(help: ArgumentHelp("Swift files or folders.", valueName: "PATH"))
  var paths: [String] = []

  func execute(console: inout some Console) -> CommandStatus {
    SourceFixer.fix(paths, console: &console)
  }
}
