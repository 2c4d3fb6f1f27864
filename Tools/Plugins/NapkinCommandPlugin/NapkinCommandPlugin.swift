import Foundation
import PackagePlugin

/// `swift package napkin lint|graph|new|fix|why ...`: runs the `napkin` tool, built from this package,
/// in the folder of the package that asks.
@main
struct NapkinCommandPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    // The tool is named after its target, NapkinCommand; the product calls it `napkin`.
    let tool = try context.tool(named: "NapkinCommand")
    let process = Process()
    process.executableURL = tool.url
    process.arguments = arguments
    // Paths in the arguments are the user's, relative to the package they work in; `new`
    // looks for the parent from there too.
    process.currentDirectoryURL = context.package.directoryURL
    try process.run()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw NapkinFailed(status: process.terminationStatus)
    }
  }
}

/// The tool has already said what went wrong; this only makes `swift package` fail too.
struct NapkinFailed: Error, CustomStringConvertible {
  var status: Int32
  var description: String { "napkin exited with status \(status)" }
}
