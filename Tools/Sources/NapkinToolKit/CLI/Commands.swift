import ArgumentParser
import Foundation

/// A `napkin` subcommand, run against a console so that tests can read what it wrote.
protocol NapkinSubcommand: ParsableCommand {
  func execute(console: inout some Console) throws(UsageError) -> CommandStatus
}

/// `napkin`: the root command, which only lists its subcommands.
struct NapkinRootCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "napkin",
    abstract: "Scaffold, draw and check the component trees of Napkin apps.",
    discussion: """
      PATH is a .swift file or a folder (searched recursively; hidden folders and .build are \
      skipped); '-' reads Swift source from standard input. The default is the current folder.

      Exit status: 0 done, 1 lint found something (or fix left something it \
      cannot write, saying why), 2 wrong command line, 3 some input could not \
      be analysed (the rest was), or 'new' wrote nothing, 4 the compiler \
      rejected what fix wrote, and every file was put back.
      """,
    subcommands: [
      NewCommand.self, GraphCommand.self, LintCommand.self, FixCommand.self, WhyCommand.self,
    ]
  )
}

extension GraphFormat: ExpressibleByArgument {}
extension LintFormat: ExpressibleByArgument {}
