import Foundation
import PackagePlugin

/// `swift package napkin lint|graph|why ...`: the verbs that only read, so SwiftPM asks for no
/// permission and CI runs them as they are. `new` and `fix` write, and go through `napkin-write`.
@main
struct NapkinCommandPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    if let verb = NapkinVerbs.verb(of: arguments), NapkinVerbs.writing.contains(verb) {
      throw WrongPlugin(
        description: "'napkin \(verb)' writes to the package, which this plugin may not: run "
          + "`swift package --allow-writing-to-package-directory napkin-write \(verb) ...`")
    }
    try NapkinRun.run(arguments, context: context)
  }
}
