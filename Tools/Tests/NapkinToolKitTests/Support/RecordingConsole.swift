@testable import NapkinToolKit

/// A console that keeps what a command wrote, so that tests can read it.
struct RecordingConsole: Console {
  var output = ""
  var errors = ""

  mutating func write(_ text: String) { output += text }
  mutating func writeError(_ text: String) { errors += text }
}

/// Runs `napkin` in process with `arguments`: its status and what it wrote.
func run(_ arguments: String...) -> (CommandStatus, RecordingConsole) {
  run(arguments)
}

/// Runs `napkin` in process with the `arguments` of an array.
func run(_ arguments: [String]) -> (CommandStatus, RecordingConsole) {
  var console = RecordingConsole()
  let status = NapkinCommandLine.run(arguments, console: &console)
  return (status, console)
}
