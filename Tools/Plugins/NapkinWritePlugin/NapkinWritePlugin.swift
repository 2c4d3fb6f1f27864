import Foundation
import PackagePlugin

/// `swift package napkin-write new|fix ...`: the verbs that write to the package, and the only
/// ones SwiftPM asks write permission for (or takes `--allow-writing-to-package-directory`).
@main
struct NapkinWritePlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    if let verb = NapkinVerbs.verb(of: arguments), NapkinVerbs.reading.contains(verb) {
      throw WrongPlugin(
        description: "'napkin \(verb)' only reads, so it needs no write permission: run "
          + "`swift package napkin \(verb) ...`")
    }
    try NapkinRun.run(arguments, context: context)
  }
}
