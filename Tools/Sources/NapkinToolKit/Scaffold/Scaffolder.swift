import Foundation

/// Writes the files of a new napkin; never overwrites anything.
enum Scaffolder {
  static func write(_ request: ScaffoldRequest, console: inout some Console) -> ExitStatus {
    console.writeError("napkin: error: 'new' is not available yet\n")
    return .inputProblem
  }
}
