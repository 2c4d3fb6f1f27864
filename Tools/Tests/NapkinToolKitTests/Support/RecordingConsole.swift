@testable import NapkinToolKit

/// A console that keeps what a command wrote, so that tests can read it.
struct RecordingConsole: Console {
  var output = ""
  var errors = ""

  mutating func write(_ text: String) { output += text }
  mutating func writeError(_ text: String) { errors += text }
}
