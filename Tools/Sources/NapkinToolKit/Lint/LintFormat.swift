/// The output formats of `napkin lint`.
enum LintFormat: String, CaseIterable, Sendable {
  case text
  case json
  /// `file:line:column: warning: message`, as compilers write diagnostics, so that build
  /// systems (SwiftPM, Xcode) show each finding on its line.
  case diagnostics

  private struct Document: Codable {
    var findings: [Entry]
    var problems: [InputProblem]
  }

  private struct Entry: Codable {
    var rule: String
    var file: String
    var line: Int
    var column: Int
    var message: String
    var fix: String
  }

  func render(_ findings: [Finding], problems: [InputProblem], fileCount: Int) -> String {
    switch self {
    case .text:
      let text = findings.map {
        "\($0.position): \($0.rule.rawValue): \($0.message)\n    fix: \($0.fix)\n"
      }
      let files = "\(fileCount) file\(fileCount == 1 ? "" : "s")"
      let count = findings.count
      let found = count == 0 ? "No findings" : "\(count) finding\(count == 1 ? "" : "s")"
      return text.joined() + "\(found) in \(files).\n"
    case .json:
      let entries = findings.map {
        Entry(
          rule: $0.rule.rawValue, file: $0.position.file, line: $0.position.line,
          column: $0.position.column, message: $0.message, fix: $0.fix)
      }
      return JSONOutput.encode(Document(findings: entries, problems: problems))
    case .diagnostics:
      return findings.map {
        "\($0.position): warning: \($0.message) [\($0.rule.rawValue)]; fix: \($0.fix)\n"
      }
      .joined()
    }
  }
}
