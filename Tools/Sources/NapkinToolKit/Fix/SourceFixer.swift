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
  /// the run before it changed another. New edge files are created first, never over a file;
  /// if writing the edited files then fails, they are removed again.
  static func fix(_ paths: [String], console: inout some Console) -> CommandStatus {
    let (wiring, problems, sources) = NapkinCommandLine.analyseKeepingSources(
      paths, console: &console)
    guard problems.isEmpty else {
      console.writeError("napkin: error: nothing was changed: some input could not be read\n")
      return .inputProblem
    }
    let (plans, edgeFiles, passThroughReports) = self.plans(wiring)
    guard !plans.isEmpty || !edgeFiles.isEmpty else {
      console.write("Nothing to fix in \(wiring.files.count) files.\n")
      return .success
    }
    var fixed: [FixedFile] = []
    var created: [(path: String, bytes: [UInt8], report: String, position: SourcePosition)] = []
    do {
      for (path, plan) in plans.sorted(by: { $0.key < $1.key }) {
        fixed.append(try self.fixed(path, plan, original: FixedFile.read(path, in: sources)))
      }
      for (path, file) in edgeFiles.sorted(by: { $0.key < $1.key }) {
        let template = try FixedFile.read(file.edge.template, in: sources).bytes
        created.append(
          (
            path, EdgeFileText.bytes(file.edge, members: file.members, template: template),
            "wrote `nonisolated extension \(file.edge.parent): "
              + "\(file.edge.protocols.joined(separator: " & "))` in \(path), the edge to "
              + "\(file.edge.child), which \(file.edge.parent) builds with `self` here",
            file.edge.callSite
          ))
      }
    } catch {
      console.writeError("napkin: error: cannot fix: \(error.message); nothing was changed\n")
      return .inputProblem
    }
    var written: [String] = []
    for file in created {
      do {
        try EdgeFileText.create(file.path, bytes: file.bytes)
        written.append(file.path)
      } catch {
        for path in written { EdgeFileText.remove(path) }
        console.writeError(
          "napkin: error: cannot write \(TerminalText.name(file.path)): \(error.message); "
            + "nothing was changed\n")
        return .inputProblem
      }
    }
    guard FixedFile.writeAll(fixed, console: &console) else {
      for path in written { EdgeFileText.remove(path) }
      if !written.isEmpty {
        console.writeError(
          "napkin: error: removed the edge files it had written: "
            + written.map(TerminalText.name).joined(separator: ", ") + "\n")
      }
      return .inputProblem
    }
    let reports =
      passThroughReports + fixed.flatMap(\.reports) + created.map { ($0.position, $0.report) }
    for report in reports.sorted(by: { $0.position < $1.position }) {
      console.write("\(report.position): \(report.text)\n")
    }
    return .success
  }

  /// A new edge file and the members to write in it.
  struct PlannedEdgeFile {
    var edge: EdgeFile
    var members: [String] = []
  }

  /// What each file gets, the edge files to create, and what `fix` says about each missing
  /// pass-through.
  static func plans(_ wiring: Wiring) -> (
    [String: FilePlan], [String: PlannedEdgeFile], [(position: SourcePosition, text: String)]
  ) {
    var plans: [String: FilePlan] = [:]
    var edgeFiles: [String: PlannedEdgeFile] = [:]
    var reports: [(position: SourcePosition, text: String)] = []
    for (parent, edge) in Linter.unconformedEdges(wiring) {
      let file = Linter.edgeFile(
        parent: parent, edge: edge, callSite: edge.callSite ?? parent.position)
      if edgeFiles[file.path] == nil { edgeFiles[file.path] = PlannedEdgeFile(edge: file) }
    }
    func add(_ line: String, at place: MemberPlace) {
      switch place {
      case .brace(let file, let offset):
        plans[file, default: FilePlan()].insertions.append(Insertion(brace: offset, line: line))
      case .edgeFile(let edge):
        edgeFiles[edge.path, default: PlannedEdgeFile(edge: edge)].members.append(line)
      }
    }
    for item in Linter.missingPassThroughs(wiring) {
      for place in item.places { add(item.declaration, at: place) }
      for place in item.requirementPlaces { add(item.requirement, at: place) }
      let branches = item.requirementPlaces.count > 1 ? " (in each of its #if branches)" : ""
      reports.append(
        (
          item.position,
          "added `\(item.declaration)` to \(item.parent)"
            + (item.requirementProtocol.map { " and its requirement to \($0)\(branches)" } ?? "")
            + " (\(item.child) needs it; \(item.provider) provides it)"
        ))
    }
    let classes = ClassIndex(wiring.files)
    let findings =
      Linter.nonisolatedDependencies(wiring) + Linter.isolatedComponentExtensions(wiring)
      + Linter.unrestatedSendables(wiring) + Linter.servicesNotNonisolated(wiring, classes)
      + Linter.staticsNotNonisolated(wiring)
    for finding in findings where SyntaxFixes.rules.contains(finding.rule) {
      plans[finding.position.file, default: FilePlan()].findings.append(finding)
    }
    return (plans, edgeFiles, reports)
  }

  /// The file at `path` with its plan carried out, in memory.
  private static func fixed(
    _ path: String, _ plan: FilePlan, original: FixedFile.Original
  ) throws(UsageError) -> FixedFile {
    let bytes = original.bytes
    let style = FileStyle(of: bytes)
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
      edits.append(
        try SourceEdit.beforeClosingBrace(lines[brace] ?? [], brace: brace, in: bytes, style: style)
      )
    }
    let findings = plan.findings
    let placed = ParserThreads.map(1) { _ in
      Result { () throws(UsageError) in
        try SyntaxFixes.fixes(for: findings, in: bytes, style: style)
      }
    }
    let fixes = try placed[0].get()
    edits += fixes.flatMap(\.edits)
    return FixedFile(
      path: path, original: original, bytes: try SourceEdit.apply(edits, to: bytes),
      reports: fixes.map { ($0.position, $0.report) })
  }
}
