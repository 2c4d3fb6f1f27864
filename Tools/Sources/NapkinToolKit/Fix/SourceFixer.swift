import Foundation
import SwiftParser
import SwiftSyntax

/// `napkin fix`: writes what lint reports and can be fixed mechanically, in the user's sources,
/// keeping everything else byte for byte: the missing pass-throughs, the isolation words
/// (`nonisolated` on dependency protocols and on component extensions that provide, `@MainActor`
/// on builder properties), and the restated `@unchecked Sendable` of component classes.
enum SourceFixer {
  /// What one file gets: lines before closing braces, and the findings placed in its syntax.
  struct FilePlan {
    /// The lines to add before each closing brace (by its UTF-8 offset), in the order found,
    /// each once: pass-throughs, and their requirements.
    var lines: [Int: [String]] = [:]
    var findings: [Finding] = []
    /// Edits made elsewhere than at a finding, with what fix says of each.
    var fixes: [PlannedFix] = []
    /// The files whose imports what is added needs (the child protocols' files).
    var importsFrom: Set<String> = []
  }

  /// A new edge file, in memory: its text, and what fix says of it.
  struct CreatedFile {
    var path: String
    var bytes: [UInt8]
    var report: String
    var position: SourcePosition
  }

  /// Runs `napkin fix` over `paths`: every file is read and edited in memory first, every
  /// edited file parsed, and only when all of them could be is anything written, so a file that
  /// changed under the tool stops the run before it changed another. New edge files are created
  /// first, never over a file; if writing the edited files then fails, they are removed again.
  /// With `verify`, the targets of a SwiftPM package that hold the files are built before and
  /// after, and edits that add a compile error are undone.
  static func fix(
    _ paths: [String], verify: Bool = true, console: inout some Console
  ) -> CommandStatus {
    var (wiring, problems, sources) = NapkinCommandLine.analyse(
      paths, keepingSources: true, console: &console)
    // An edge file an earlier run wrote, when the paths name files but not it, is read too: the
    // conformance in it is there, and a second run over the same list is a no-op.
    let written =
      !problems.isEmpty
      ? []
      : plans(wiring).edgeFiles.keys.filter { path in
        sources[path] == nil && FileManager.default.fileExists(atPath: path)
      }
    if !written.isEmpty {
      var quiet = CollectedConsole()
      (wiring, problems, sources) = NapkinCommandLine.analyse(
        paths + written.sorted(), keepingSources: true, console: &quiet)
      if !problems.isEmpty { console.writeError(quiet.errors) }
    }
    guard problems.isEmpty else {
      console.writeError("napkin: error: nothing was changed: some input could not be read\n")
      return .inputProblem
    }
    let planned = plans(wiring)
    for refusal in planned.refusals {
      console.writeError(
        "\(refusal.position): error: napkin fix cannot write this: \(refusal.text)\n")
    }
    guard !planned.files.isEmpty || !planned.edgeFiles.isEmpty else {
      if planned.refusals.isEmpty {
        console.write("Nothing to fix in \(wiring.files.count) files.\n")
        return .success
      }
      return .findings
    }
    let fixed: [FixedFile]
    let created: [CreatedFile]
    do {
      fixed = try planned.files.sorted(by: { $0.key < $1.key }).map {
        path, plan throws(UsageError) in
        try self.fixed(path, plan, wiring, original: FixedFile.read(path, in: sources))
      }
      created = try planned.edgeFiles.sorted(by: { $0.key < $1.key }).map {
        path, file throws(UsageError) in
        let template = try FixedFile.read(file.edge.template, in: sources).bytes
        let imports = self.imports(of: file.edge.template, adding: file.importsFrom, wiring)
        return CreatedFile(
          path: path,
          bytes: EdgeFileText.bytes(
            file.edge, members: file.members, imports: imports.own + imports.added,
            template: template),
          report: "wrote `nonisolated extension \(file.edge.parent): "
            + "\(file.edge.protocols.joined(separator: " & "))` in \(path), the edge to "
            + "\(file.edge.child), which \(file.edge.parent) builds with `self` here",
          position: file.edge.callSite)
      }
      try checkSyntax(fixed: fixed, created: created)
    } catch {
      console.writeError("napkin: error: cannot fix: \(error.message); nothing was changed\n")
      return .inputProblem
    }
    let reports =
      planned.reports + fixed.flatMap(\.reports) + created.map { ($0.position, $0.report) }
    let touched = fixed.map(\.path) + created.map(\.path)
    // The packages built before the edits, to build again after them.
    var judged: [(targets: CompilerCheck.Targets, before: CompilerCheck.Outcome)] = []
    if verify {
      let (targets, outside, unreadable) = CompilerCheck.targets(of: touched)
      for root in unreadable {
        console.writeError(
          "napkin: note: cannot read the package at \(TerminalText.name(root)) (`swift package "
            + "describe` fails), so the edits there were not compiled\n")
      }
      if !outside.isEmpty {
        console.writeError(
          "napkin: note: no SwiftPM package target holds "
            + outside.map(TerminalText.name).joined(separator: ", ")
            + ", so the edits there were not compiled\n")
      }
      // A build that fails without a compiler error (no toolchain, a sandbox, a manifest that
      // does not load) cannot judge: that package's edits are said to be not compiled.
      for package in targets {
        let before = CompilerCheck.build(package)
        if before.failed, before.errors.isEmpty {
          console.writeError(
            "napkin: note: cannot build \(TerminalText.name(package.root)) before the edits ("
              + TerminalText.name(before.tail.split(separator: "\n").last.map(String.init) ?? "")
              + "), so the edits there were not compiled\n")
          continue
        }
        judged.append((package, before))
      }
    }
    guard write(fixed: fixed, created: created, console: &console) else { return .inputProblem }
    for (targets, before) in judged {
      guard
        let first = CompilerCheck.added(before: before, after: CompilerCheck.build(targets)).first
      else { continue }
      return undo(
        fixed: fixed, created: created, reports: reports, error: first, console: &console)
    }
    for report in reports.sorted(by: { $0.position < $1.position }) {
      console.write("\(report.position): \(report.text)\n")
    }
    if !verify {
      console.write("napkin: the edits were not compiled (--no-verify)\n")
    } else if !judged.isEmpty {
      let names = judged.flatMap(\.targets.names).joined(separator: ", ")
      console.write("napkin: compiled \(names) before and after: no error added\n")
    }
    return planned.refusals.isEmpty ? .success : .findings
  }

  /// Every edited and new file parsed: fix never writes a syntax error.
  static func checkSyntax(
    fixed: [FixedFile], created: [CreatedFile]
  ) throws(UsageError) {
    let texts = fixed.map { ($0.path, $0.bytes) } + created.map { ($0.path, $0.bytes) }
    let results = ParserThreads.map(texts.count) { index -> String? in
      let (path, bytes) = texts[index]
      let source = String(decoding: bytes, as: UTF8.self)
      var parser = Parser(source, maximumNestingLevel: NestingGuard.maximumDepth)
      let tree = SourceFileSyntax.parse(from: &parser)
      guard tree.hasError else { return nil }
      let converter = SourceLocationConverter(fileName: path, tree: tree)
      let first = SyntaxErrors.problems(in: tree, path: path, converter: converter).first
      return "what it would write in \(TerminalText.name(path)) does not parse ("
        + (first.map { "\($0.location): \($0.message)" } ?? "a syntax error")
        + "); please report it, with the file"
    }
    if let message = results.compactMap({ $0 }).first { throw UsageError(message: message) }
  }

  /// Creates the edge files, then replaces the edited files; on a failure, removes the edge
  /// files again and says so.
  private static func write(
    fixed: [FixedFile], created: [CreatedFile], console: inout some Console
  ) -> Bool {
    var written: [String] = []
    for file in created {
      do {
        try EdgeFileText.create(file.path, bytes: file.bytes)
        written.append(file.path)
      } catch {
        for path in written { unlink(path) }
        console.writeError(
          "napkin: error: cannot write \(TerminalText.name(file.path)): \(error.message); "
            + "nothing was changed\n")
        return false
      }
    }
    guard FixedFile.writeAll(fixed, console: &console) else {
      for path in written { unlink(path) }
      if !written.isEmpty {
        console.writeError(
          "napkin: error: removed the edge files it had written: "
            + written.map(TerminalText.name).joined(separator: ", ") + "\n")
      }
      return false
    }
    return true
  }

  /// Puts every file back as it was, after the compiler found an error the edits added, and
  /// names the edit and the error.
  private static func undo(
    fixed: [FixedFile], created: [CreatedFile],
    reports: [(position: SourcePosition, text: String)], error: CompilerCheck.CompilerError,
    console: inout some Console
  ) -> CommandStatus {
    for file in created { unlink(file.path) }
    let restored = fixed.compactMap { file in
      (try? BoundedFile.readWithStatus(file.path, limit: SourceLoader.maximumFileSize)).map {
        FixedFile(
          path: file.path, original: .init(bytes: Array($0.data), status: $0.status),
          bytes: file.original.bytes, reports: [])
      }
    }
    var quiet = CollectedConsole()
    let undone = FixedFile.writeAll(restored, console: &quiet)
    // The edit in the file the error is in, the last one above it (lines moved little).
    let same = { (path: String) in error.file == path || error.file.hasSuffix("/" + path) }
    let inFile = reports.filter { same($0.position.file) }.sorted { $0.position < $1.position }
    let edit =
      created.first { same($0.path) }?.report
      ?? (inFile.last { $0.position.line <= error.line } ?? inFile.first)?.text
      ?? reports.first?.text ?? "the edits"
    console.writeError(
      "napkin: error: the compiler rejects what fix wrote (\(edit)): "
        + TerminalText.name(error.text) + "\n"
        + (undone
          ? "napkin: every file is back as it was; fix that by hand, or report it\n"
          : "napkin: error: could not put the files back: \(quiet.errors)"))
    return .compileError
  }

  /// A new edge file and the members to write in it.
  struct PlannedEdgeFile {
    var edge: EdgeFile
    var members: [String] = []
    /// The files whose imports the members need, beside the parent's.
    var importsFrom: Set<String> = []
  }

  /// What fix will do: what each file gets, the edge files to create, what it says about each
  /// missing pass-through, and what it cannot write, with the reason.
  struct Plans {
    var files: [String: FilePlan] = [:]
    var edgeFiles: [String: PlannedEdgeFile] = [:]
    var reports: [(position: SourcePosition, text: String)] = []
    var refusals: [(position: SourcePosition, text: String)] = []
  }

  static func plans(_ wiring: Wiring) -> Plans {
    var result = Plans()
    for (parent, edge) in Linter.unconformedEdges(wiring) {
      let file = Linter.edgeFile(parent: parent, edge: edge)
      let other = file.refusal == nil ? result.edgeFiles[file.path]?.edge : nil
      // Two names made safe the same way: the second would land in the first one's file.
      let clash = other.flatMap { other in
        [other.parent, other.child] == [file.parent, file.child]
          ? nil
          : "the edge file's name, \(TerminalText.name(file.path)), is the one the edge from "
            + "\(other.parent) to \(other.child) takes; write `nonisolated extension "
            + "\(file.parent): \(file.protocols.joined(separator: " & ")) {}` by hand"
      }
      if let refusal = file.refusal ?? clash {
        result.refusals.append((file.callSite, refusal))
      } else if other == nil {
        result.edgeFiles[file.path] = PlannedEdgeFile(edge: file)
      }
    }
    func add(_ line: String, at place: MemberPlace, from declaringFile: String) {
      switch place {
      case .brace(let file, let offset):
        if result.files[file]?.lines[offset]?.contains(line) != true {
          result.files[file, default: FilePlan()].lines[offset, default: []].append(line)
        }
        result.files[file, default: FilePlan()].importsFrom.insert(declaringFile)
      case .edgeFile(let edge):
        // Every edge file planned above; a refused one (no safe name, another edge's name) is not.
        guard result.edgeFiles[edge.path]?.edge == edge else { return }
        result.edgeFiles[edge.path]?.members.append(line)
        result.edgeFiles[edge.path]?.importsFrom.insert(declaringFile)
      }
    }
    for item in Linter.passThroughAnalysis(wiring).missing {
      let member = item.member
      if let refusal = member.refusal {
        result.refusals.append(
          (item.position, "`\(member.name)` for \(item.child) in \(item.parent): \(refusal)"))
        continue
      }
      for place in item.places { add(member.declaration, at: place, from: member.file) }
      for place in item.requirementPlaces { add(member.requirement, at: place, from: member.file) }
      let branches = item.requirementPlaces.count > 1 ? " (in each of its #if branches)" : ""
      result.reports.append(
        (
          item.position,
          "added `\(member.declaration.contains("\n") ? member.name : member.declaration)` to "
            + item.parent
            + (item.requirementProtocol.map { " and its requirement to \($0)\(branches)" } ?? "")
            + " (\(item.child) needs it; \(item.provider) provides it)"
        ))
    }
    let context = LintContext(wiring)
    let findings = Linter.rules.filter { $0 is any EditingRule }.flatMap { $0.check(context) }
    for finding in findings {
      result.files[finding.position.file, default: FilePlan()].findings.append(finding)
      if finding.rule == BuilderEdgeNotMainActorRule.id {
        for fix in witnessedRequirements(of: finding, wiring) {
          result.files[fix.position.file, default: FilePlan()].fixes.append(fix)
        }
      }
    }
    return result
  }

  /// The requirements of the component's own protocols that the builder member of `finding`
  /// witnesses: each gets `@MainActor` with the member (Needle's `GameBuilder`), since a
  /// main-actor witness of a nonisolated requirement is a conformance that "crosses into main
  /// actor-isolated code".
  private static func witnessedRequirements(
    of finding: Finding, _ wiring: Wiring
  ) -> [PlannedFix] {
    guard let component = finding.components.first.flatMap(wiring.component(named:)),
      let member = component.properties.first(where: { $0.position == finding.position })?.name
    else { return [] }
    return component.conformances.sorted().flatMap { name in
      (wiring.protocolDeclarations[name] ?? []).compactMap { declared in
        guard declared.isolation != .globalActor, let offset = declared.requirementOffsets[member],
          declared.requirementAttributes[member]?.contains("Actor") != true
        else { return nil }
        return PlannedFix(
          position: declared.position, edits: [SourceEdit(offset: offset, text: "@MainActor ")],
          report: "wrote `@MainActor` on `\(member)` in \(name) too, which \(component.name)'s "
            + "`\(member)` witnesses")
      }
    }
  }

  /// The imports of the file at `path`, and those of `others` it lacks (unconditional ones,
  /// by module): a member copied from a child's protocol needs the modules of its types.
  private static func imports(
    of path: String, adding others: Set<String>, _ wiring: Wiring
  ) -> (own: [ImportFact], added: [ImportFact]) {
    let own = wiring.files.first { $0.path == path }?.imports ?? []
    var modules = Set(own.map(\.module))
    var added: [ImportFact] = []
    for other in others.sorted() where other != path {
      for item in wiring.files.first(where: { $0.path == other })?.imports ?? []
      where item.conditions.levels.isEmpty && modules.insert(item.module).inserted {
        added.append(item)
      }
    }
    return (own, added)
  }

  /// The file at `path` with its plan carried out, in memory, with the imports its new lines need.
  private static func fixed(
    _ path: String, _ plan: FilePlan, _ wiring: Wiring, original: SourceLoader.ReadSource
  ) throws(UsageError) -> FixedFile {
    let bytes = original.bytes
    let style = FileStyle(of: bytes)
    var edits: [SourceEdit] = []
    let added = imports(of: path, adding: plan.importsFrom, wiring).added.map(\.line)
    let facts = wiring.files.first { $0.path == path }
    if !added.isEmpty {
      // After the last import, or above the first declaration with a blank line below.
      edits.append(
        SourceEdit(
          offset: facts?.importsEnd ?? 0,
          text: facts?.importsEndFollowsImport == true
            ? added.map { style.lineEnding + $0 }.joined()
            : added.map { $0 + style.lineEnding }.joined() + style.lineEnding))
    }
    // One edit per brace: two pass-throughs for one parent land together, in the order found.
    for (brace, lines) in plan.lines {
      edits.append(try SourceEdit.beforeClosingBrace(lines, brace: brace, in: bytes, style: style))
    }
    let findings = plan.findings
    let placed = ParserThreads.map(1) { _ in
      Result { () throws(UsageError) in
        try SyntaxFixes.fixes(for: findings, in: bytes, style: style)
      }
    }
    let fixes = try placed[0].get() + plan.fixes
    edits += fixes.flatMap(\.edits)
    return FixedFile(
      path: path, original: original, bytes: try SourceEdit.apply(edits, to: bytes),
      reports: fixes.map { ($0.position, $0.report) })
  }
}
