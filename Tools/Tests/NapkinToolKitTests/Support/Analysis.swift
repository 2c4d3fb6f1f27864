@testable import NapkinToolKit

/// Runs the analysis the way the command does, without a process.
enum Analysis {
  static func wiring(_ paths: String...) -> (wiring: Wiring, problems: [InputProblem]) {
    let loaded = SourceLoader.load(paths: paths)
    return (Wiring(files: loaded.files), loaded.problems)
  }

  static func findings(_ paths: String...) -> [Finding] {
    Linter.findings(in: Wiring(files: SourceLoader.load(paths: paths).files))
  }

  /// The facts of one snippet of Swift.
  static func facts(_ source: String) -> FileFacts {
    SourceLoader.facts(path: "Snippet.swift", source: source)
  }

  static func wiring(source: String) -> Wiring {
    Wiring(files: [facts(source)])
  }
}
