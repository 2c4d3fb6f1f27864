import Foundation

/// What a child process left behind: its exit status and what it wrote.
struct ChildRun {
  let status: Int32
  /// Standard output, with standard error merged in when the run asked for it.
  let output: String
}

/// Runs `executable` with `arguments` (in `directory`, if given) until it exits. Stops the
/// benchmark, naming `scenario`, when the process cannot start; a failing status is the
/// caller's to judge.
func runChild(
  _ executable: URL, _ arguments: [String], in directory: URL? = nil,
  mergingStandardError: Bool = false, scenario: String
) -> ChildRun {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let directory {
    process.currentDirectoryURL = directory
  }
  let output = Pipe()
  process.standardOutput = output
  if mergingStandardError {
    process.standardError = output
  }
  do {
    try process.run()
  } catch {
    fatalError("\(scenario): could not start \(executable.path): \(error)")
  }
  // Read before waiting: a child that fills the pipe would otherwise never exit.
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return ChildRun(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
}
