import Foundation

/// `napkin fix`: writes what lint reports and can be fixed mechanically, in the user's sources,
/// keeping everything else byte for byte: the missing pass-throughs, the isolation words
/// (`nonisolated` on dependency protocols and on component extensions that provide, `@MainActor`
/// on builder properties), and the restated `@unchecked Sendable` of component classes.
enum SourceFixer {
  /// A line to add before a closing brace: a pass-through, or its requirement.
  struct Insertion: Hashable, Sendable {
    /// The UTF-8 offset of the closing brace.
    var brace: Int
    var line: String
  }

  /// What one file gets: lines before closing braces, and the findings placed in its syntax.
  struct FilePlan {
    var insertions: [Insertion] = []
    var findings: [Finding] = []
  }

  /// Runs `napkin fix` over `paths`: every file is read and edited in memory first, and only
  /// when all of them could be is anything written, so a file that changed under the tool stops
  /// the run before it changed another.
  static func fix(_ paths: [String], console: inout some Console) -> CommandStatus {
    let (wiring, problems, sources) = NapkinCommandLine.analyseKeepingSources(
      paths, console: &console)
    guard problems.isEmpty else {
      console.writeError("napkin: error: nothing was changed: some input could not be read\n")
      return .inputProblem
    }
    let (plans, passThroughReports) = self.plans(wiring)
    guard !plans.isEmpty else {
      console.write("Nothing to fix in \(wiring.files.count) files.\n")
      return .success
    }
    var fixed: [FixedFile] = []
    for (path, plan) in plans.sorted(by: { $0.key < $1.key }) {
      do {
        fixed.append(try self.fixed(path, plan, original: FixedFile.read(path, in: sources)))
      } catch {
        console.writeError(
          "napkin: error: cannot fix \(TerminalText.name(path)): \(error.message); "
            + "nothing was changed\n")
        return .inputProblem
      }
    }
    guard FixedFile.writeAll(fixed, console: &console) else { return .inputProblem }
    let reports = passThroughReports + fixed.flatMap(\.reports)
    for report in reports.sorted(by: { $0.position < $1.position }) {
      console.write("\(report.position): \(report.text)\n")
    }
    return .success
  }

  /// What each file gets, and what `fix` says about each missing pass-through.
  static func plans(_ wiring: Wiring) -> (
    [String: FilePlan], [(position: SourcePosition, text: String)]
  ) {
    var plans: [String: FilePlan] = [:]
    var reports: [(position: SourcePosition, text: String)] = []
    for item in Linter.missingPassThroughs(wiring) {
      let member = "var \(item.member): \(item.type) { dependency.\(item.member) }"
      plans[item.memberFile, default: FilePlan()].insertions.append(
        Insertion(brace: item.memberBrace, line: member))
      if let file = item.requirementFile, let brace = item.requirementBrace {
        plans[file, default: FilePlan()].insertions.append(
          Insertion(brace: brace, line: "var \(item.member): \(item.type) { get }"))
      }
      reports.append(
        (
          item.position,
          "added `\(member)` to \(item.parent)"
            + (item.requirementProtocol.map { " and its requirement to \($0)" } ?? "")
        ))
    }
    let findings =
      Linter.nonisolatedDependencies(wiring) + Linter.isolatedComponentExtensions(wiring)
      + Linter.unrestatedSendables(wiring)
    for finding in findings where SyntaxFixes.rules.contains(finding.rule) {
      plans[finding.position.file, default: FilePlan()].findings.append(finding)
    }
    return (plans, reports)
  }

  /// The file at `path` with its plan carried out, in memory.
  private static func fixed(
    _ path: String, _ plan: FilePlan, original: FixedFile.Original
  ) throws(UsageError) -> FixedFile {
    let bytes = original.bytes
    var edits: [SourceEdit] = []
    // One edit per brace, its lines in the order found: two pass-throughs for one parent land
    // together, in that order.
    var braces: [Int] = []
    var lines: [Int: [String]] = [:]
    for insertion in plan.insertions where lines[insertion.brace]?.contains(insertion.line) != true
    {
      if lines[insertion.brace] == nil { braces.append(insertion.brace) }
      lines[insertion.brace, default: []].append(insertion.line)
    }
    for brace in braces {
      edits.append(try SourceEdit.beforeClosingBrace(lines[brace] ?? [], brace: brace, in: bytes))
    }
    let findings = plan.findings
    let placed = ParserThreads.map(1) { _ in
      Result { () throws(UsageError) in try SyntaxFixes.fixes(for: findings, in: bytes) }
    }
    let fixes = try placed[0].get()
    edits += fixes.flatMap(\.edits)
    return FixedFile(
      path: path, original: original, bytes: try SourceEdit.apply(edits, to: bytes),
      reports: fixes.map { ($0.position, $0.report) })
  }
}
