import ArgumentParser

/// `napkin why`: where a member comes from and who reads it.
struct WhyCommand: NapkinSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "why",
    abstract: "Say where a member comes from and which components below read it.",
    discussion: """
      Follows the pass-throughs (`var x: X { dependency.x }`) from the component up to the one \
      that builds the member, with file:line:column and what it is at each step (shared, \
      fresh, per key, a builder...), then lists the components below that read it through \
      their dependency. Without --in, answers for each component that builds a member of that \
      name.
      """
  )

  @Argument(help: ArgumentHelp("The member, such as playbackEngine.", valueName: "MEMBER"))
  var member: String

  @Option(
    name: .customLong("in"),
    help: ArgumentHelp(
      "The component to start from (Home or HomeComponent).", valueName: "COMPONENT"))
  var component: String?

  @Argument(help: ArgumentHelp("Swift files or folders; '-' is standard input.", valueName: "PATH"))
  var paths: [String] = []

  func execute(console: inout some Console) throws(UsageError) -> CommandStatus {
    let (wiring, problems, _) = NapkinCommandLine.analyse(paths, console: &console)
    do {
      console.write(try MemberOrigin.explain(member, within: component, in: wiring))
    } catch {
      console.writeError("napkin: error: \(error.message)\n")
      return .inputProblem
    }
    return problems.isEmpty ? .success : .inputProblem
  }
}
