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
