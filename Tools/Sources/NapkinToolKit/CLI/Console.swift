import Foundation

/// Where a command writes: standard output for results, standard error for problems. Tests
/// collect both in memory.
protocol Console {
  mutating func write(_ text: String)
  mutating func writeError(_ text: String)
}

/// The process's standard output and standard error.
struct StandardConsole: Console {
  mutating func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  mutating func writeError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}

/// A console that keeps what was written, for tests.
struct RecordingConsole: Console {
  var output = ""
  var errors = ""

  mutating func write(_ text: String) { output += text }
  mutating func writeError(_ text: String) { errors += text }
}
