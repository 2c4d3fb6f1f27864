import Foundation
import PackagePlugin

// One file for every command plugin of both plugin packages (Tools/Plugins and
// Tools/NapkinPlugins/Plugins): a plugin target cannot share code with another, so the others
// hold a symbolic link to this one, and the release script copies it in their place.

/// The verbs of `napkin`, split by what SwiftPM must allow: only `new` and `fix` write.
enum NapkinVerbs {
  static let writing: Set<String> = ["new", "fix"]
  static let reading: Set<String> = ["lint", "graph", "why"]

  /// The verb of `arguments`: the first one that is not an option (`napkin --help` has none).
  static func verb(of arguments: [String]) -> String? {
    arguments.first { !$0.hasPrefix("-") }
  }
}

/// Runs `napkin` for a command plugin and turns its exit status into the plugin's.
enum NapkinRun {
  /// The tool: built from source, SwiftPM names it after its target; from an artifact bundle,
  /// after the bundle's artifact.
  static func tool(in context: PluginContext) throws -> URL {
    if let prebuilt = try? context.tool(named: "napkin") { return prebuilt.url }
    return try context.tool(named: "NapkinCommand").url
  }

  /// Runs the tool in the package's folder (paths in the arguments are the user's, relative to
  /// it; `new` looks for the parent from there too). Its standard output is passed on as it
  /// comes, keeping the last line: SwiftPM may print the plugin's failure before the output it
  /// relays, so the failure repeats the tool's summary (`1 finding in 3 files.`).
  static func run(_ arguments: [String], context: PluginContext) throws {
    let process = Process()
    process.executableURL = try tool(in: context)
    process.arguments = arguments
    process.currentDirectoryURL = context.package.directoryURL
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    var lastLine = LastLine()
    while true {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      FileHandle.standardOutput.write(chunk)
      lastLine.append(chunk)
    }
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw NapkinFailed(
        verb: NapkinVerbs.verb(of: arguments) ?? "",
        status: process.terminationStatus,
        signalled: process.terminationReason == .uncaughtSignal,
        summary: lastLine.summary)
    }
  }
}

/// The last line of the tool's output, kept within a bound whatever the output's size.
struct LastLine {
  private var bytes: [UInt8] = []
  private var previous: [UInt8] = []
  private static let limit = 256

  mutating func append(_ data: Data) {
    for byte in data {
      if byte == UInt8(ascii: "\n") {
        if !bytes.isEmpty { previous = bytes }
        bytes = []
      } else if bytes.count < Self.limit {
        bytes.append(byte)
      }
    }
  }

  /// `lint`'s closing line without its full stop (`3 findings in 12 files`), or nil: only that
  /// shape is repeated, so nothing from the sources reaches the failure line.
  var summary: String? {
    let line = String(decoding: bytes.isEmpty ? previous : bytes, as: UTF8.self)
    let words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    guard words.count == 5, Int(words[0]) != nil, Int(words[3]) != nil,
      ["finding", "findings"].contains(words[1]), words[2] == "in",
      ["file.", "files."].contains(words[4])
    else { return nil }
    return String(line.dropLast())
  }
}

/// The tool has printed what went wrong; this makes `swift package` fail too, and says in one
/// line what happened, for a log where SwiftPM printed it above the tool's output.
struct NapkinFailed: Error, CustomStringConvertible {
  var verb: String
  var status: Int32
  var signalled = false
  var summary: String?

  var description: String {
    let command = verb.isEmpty ? "napkin" : "napkin \(verb)"
    if signalled { return "\(command) was stopped by signal \(status)" }
    switch status {
    case 1 where summary != nil: return "\(command): \(summary ?? "") (exit status 1)"
    case 2: return "\(command): wrong command line (exit status 2); see `swift package napkin help`"
    case 3: return "\(command): some input could not be analysed (exit status 3); see above"
    default: return "\(command) exited with status \(status)"
    }
  }
}

/// A verb run through the plugin that does not take it.
struct WrongPlugin: Error, CustomStringConvertible {
  var description: String
}
