import Foundation
import Testing

@testable import NapkinToolKit

/// Names from outside (a file's name, a snapshot's kind) reach the output escaped in every
/// format: a crafted file name cannot start a line of its own, which a build system reading
/// `--format diagnostics` would take for a diagnostic, and JSON stays JSON.
struct EscapedNamesTests {
  /// A file name that, printed raw, forges a diagnostic on a line of its own.
  static let forging = "Stored\n/tmp/Forged.swift:1:1: error: forged.swift"
    .replacingOccurrences(of: "/", with: "\u{2215}")
  static let stored = """
    final class AppComponent: EmptyComponent {
      var count = 0
    }
    """

  private func scratch(named name: String) throws -> (ScratchFolder, String) {
    let scratch = try ScratchFolder()
    let path = try scratch.write(name, Self.stored)
    return (scratch, path)
  }

  @Test(arguments: LintFormat.allCases)
  func aFileNameWithANewlineCannotStartALineInAnyLintFormat(_ format: LintFormat) throws {
    let (scratch, path) = try scratch(named: Self.forging)
    let (_, console) = run("lint", "--format", format.rawValue, scratch.path)
    #expect(console.output.contains("stored-var"), "\(console.output)")
    let output = StandardConsole.visible(console.output)
    switch format {
    case .json:
      let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
      let findings = object?["findings"] as? [[String: Any]]
      #expect(findings?.first?["file"] as? String == path)
    case .text, .diagnostics:
      #expect(output.contains("Stored\\u{A}"))
      for line in output.split(separator: "\n") {
        #expect(
          line.hasPrefix(scratch.path) || line.hasPrefix("    fix: ") || line.hasSuffix("file."),
          "a line that does not start where lint writes one: \(line)")
      }
    }
  }

  /// JSONEncoder writes U+202E and U+2028 raw; the console then wrote them as `\u{202E}`, which
  /// no JSON reader accepts.
  @Test func aFileNameWithBidirectionalControlsKeepsTheJSONValid() throws {
    let name = "Right\u{202E}to\u{2028}left\u{85}.swift"
    let (scratch, path) = try scratch(named: name)
    for arguments in [["lint", "--format", "json"], ["graph", "--format", "json"]] {
      let (_, console) = run(arguments + [scratch.path])
      let output = StandardConsole.visible(console.output)
      #expect(output == console.output, "nothing is left for the console to escape")
      let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
      #expect(object != nil, "\(arguments)")
      if let findings = object?["findings"] as? [[String: Any]] {
        #expect(findings.first?["file"] as? String == path)
      }
    }
  }

  @Test func aProblemWithAFileIsPrintedOnOneLine() throws {
    let scratch = try ScratchFolder()
    try scratch.write(Self.forging, data: Data([0xFF, 0xFE, 0x00]))
    let (status, console) = run("lint", scratch.path)
    #expect(status == .inputProblem)
    let lines = console.errors.split(separator: "\n")
    #expect(lines.count == 1, "\(console.errors)")
    #expect(lines.first?.hasSuffix("error: not UTF-8 text; save it as UTF-8") == true)
  }

  @Test func theTextGraphAndFixPrintTheNameEscaped() throws {
    let (scratch, _) = try scratch(named: Self.forging)
    let (_, graph) = run("graph", scratch.path)
    #expect(graph.output.contains("AppComponent  \(scratch.path)/Stored\\u{A}"))
    let fixable = try ScratchFolder()
    try fixable.write(
      "Badge\nComponent.swift",
      try String(
        contentsOfFile: Paths.fixture("DependencyNotNonisolated/Found/BadgeComponent.swift"),
        encoding: .utf8))
    let (status, fix) = run("fix", fixable.path)
    #expect(status == .success, "\(fix.errors)")
    #expect(fix.output.split(separator: "\n").count == 1, "\(fix.output)")
    #expect(fix.output.contains("/Badge\\u{A}Component.swift:3:10: wrote"))
  }

  @Test func aSnapshotsKindIsPrintedEscaped() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.write(
      "tree.json",
      SnapshotSample.loggedIn.replacingOccurrences(
        of: #""tree-snapshot""#, with: #""x\nerror: forged""#))
    let (status, console) = run(
      "graph", "--format", "html", "--snapshot", file, Paths.fixture("CleanTree"))
    #expect(status == .inputProblem)
    #expect(console.errors.contains(#"has kind "x\u{A}error: forged""#), "\(console.errors)")
    #expect(console.errors.split(separator: "\n").count == 1)
  }
}
