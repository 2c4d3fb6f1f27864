import Foundation

/// Runs the built `napkin` executable as a separate process, the way a user or CI does.
enum NapkinProcess {
  struct Result {
    var status: Int32
    var output: String
    var errors: String
    /// The process ran past its time limit and was stopped.
    var timedOut = false
  }

  /// Long enough for any run the tests make on a loaded machine; it bounds a hang, so that a
  /// regression to exponential or quadratic time fails the test instead of stalling the run.
  static let defaultTimeLimit = Duration.seconds(120)

  /// The `napkin` binary in the build folder, next to the test bundle.
  static var executable: URL {
    let candidates = [
      Bundle.main.bundleURL.appendingPathComponent("napkin"),
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("napkin"),
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("napkin"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
      ?? candidates[0]
  }

  static func run(
    _ arguments: [String],
    input: String? = nil,
    in folder: String? = nil,
    timeLimit: Duration = defaultTimeLimit
  ) throws -> Result {
    try run(executable, arguments, input: input, in: folder, timeLimit: timeLimit)
  }

  /// Runs `executable`; its output goes to files, so that neither stream can fill a pipe and
  /// stall the child while the other is being read.
  static func run(
    _ executable: URL,
    _ arguments: [String],
    input: String? = nil,
    in folder: String? = nil,
    timeLimit: Duration = defaultTimeLimit
  ) throws -> Result {
    let scratch = try ScratchFolder()
    let outputPath = try scratch.write("stdout", "")
    let errorPath = try scratch.write("stderr", "")
    let inputPath = try scratch.write("stdin", input ?? "")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let folder {
      process.currentDirectoryURL = URL(fileURLWithPath: folder)
    }
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputPath))
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    let seconds = Double(timeLimit.components.seconds)
    let timedOut = exited.wait(timeout: .now() + seconds) == .timedOut
    if timedOut {
      // SIGKILL: a child spawned from a test thread inherits its blocked signals, SIGTERM too.
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    return Result(
      status: process.terminationStatus,
      output: try String(contentsOfFile: outputPath, encoding: .utf8),
      errors: try String(contentsOfFile: errorPath, encoding: .utf8),
      timedOut: timedOut)
  }
}
