import Foundation
import SwiftParser
import SwiftSyntax

/// Finds the Swift files under the paths a user gave, reads and parses them (in parallel), and
/// turns every problem with the input into an ``InputProblem`` instead of stopping.
enum SourceLoader {
  /// The facts of every readable file, sorted by path, and the problems met on the way.
  static func load(paths: [String]) -> (files: [FileFacts], problems: [InputProblem]) {
    var problems: [InputProblem] = []
    var files: [String] = []
    var parsed: [FileFacts] = []
    for path in paths where path == "-" {
      // Standard input, for `cat File.swift | napkin lint -`.
      let data = FileHandle.standardInput.readDataToEndOfFile()
      let source = String(decoding: data, as: UTF8.self)
      parsed += ParserThreads.map(1) { _ in facts(path: "<stdin>", source: source) }
    }
    for path in paths where path != "-" {
      let found = swiftFiles(under: path)
      problems += found.problems
      files += found.files
    }
    files = Array(Set(files)).sorted()
    parsed += parseAll(files)
    for facts in parsed {
      problems += facts.problems
    }
    return (parsed, problems)
  }

  /// Facts of one file's text; `path` is only used in positions. Call it on a thread of
  /// ``ParserThreads``: the parser needs its stack.
  static func facts(path: String, source: String) -> FileFacts {
    if let refusal = NestingGuard.check(source) {
      var facts = FileFacts(path: path)
      facts.problems.append(
        InputProblem(
          location: "\(path):\(refusal.line):\(refusal.column)", message: refusal.message))
      return facts
    }
    var parser = Parser(source, maximumNestingLevel: NestingGuard.maximumDepth)
    let tree = SourceFileSyntax.parse(from: &parser)
    let converter = SourceLocationConverter(fileName: path, tree: tree)
    let collector = FactCollector(path: path, converter: converter)
    collector.walk(tree)
    let reads = MemberReadCollector()
    reads.walk(tree)
    var facts = collector.facts
    facts.memberReads = reads.reads
    facts.problems += SyntaxErrors.problems(in: tree, path: path, converter: converter)
    return facts
  }

  // MARK: Finding files

  static func swiftFiles(under path: String) -> (files: [String], problems: [InputProblem]) {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
      let isDanglingLink = (try? manager.destinationOfSymbolicLink(atPath: path)) != nil
      let message =
        isDanglingLink
        ? "symbolic link to a missing file; fix or remove the link"
        : "no such file or directory; check the path (napkin reads .swift files and folders)"
      return ([], [InputProblem(location: path, message: message)])
    }
    if !isDirectory.boolValue {
      guard path.hasSuffix(".swift") else {
        let problem = InputProblem(
          location: path, message: "not a .swift file; pass Swift files or folders that hold them")
        return ([], [problem])
      }
      return ([path], [])
    }
    var files: [String] = []
    var problems: [InputProblem] = []
    var visited: Set<String> = []
    walk(directory: path, files: &files, problems: &problems, visited: &visited)
    if files.isEmpty && problems.isEmpty {
      problems.append(
        InputProblem(
          location: path,
          message: "no Swift files here (hidden folders and .build are skipped); "
            + "pass a folder that holds .swift files"
        )
      )
    }
    return (files, problems)
  }

  private static func walk(
    directory: String,
    files: inout [String],
    problems: inout [InputProblem],
    visited: inout Set<String>
  ) {
    let manager = FileManager.default
    // Symbolic links may loop; a folder is walked once, under its first path.
    let real = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
    guard visited.insert(real).inserted else { return }
    let entries: [String]
    do {
      entries = try manager.contentsOfDirectory(atPath: directory).sorted()
    } catch {
      problems.append(
        InputProblem(location: directory, message: "cannot list this folder; check its permissions")
      )
      return
    }
    for entry in entries where !entry.hasPrefix(".") {
      let path = directory.hasSuffix("/") ? directory + entry : directory + "/" + entry
      var isDirectory: ObjCBool = false
      let exists = manager.fileExists(atPath: path, isDirectory: &isDirectory)
      if exists && isDirectory.boolValue {
        walk(directory: path, files: &files, problems: &problems, visited: &visited)
      } else if entry.hasSuffix(".swift") {
        // A dangling link is kept: reading it reports the problem with its name.
        files.append(path)
      }
    }
  }

  // MARK: Reading and parsing

  private static func parseAll(_ paths: [String]) -> [FileFacts] {
    ParserThreads.map(paths.count) { readAndParse(paths[$0]) }
  }

  private static func readAndParse(_ path: String) -> FileFacts {
    guard let data = FileManager.default.contents(atPath: path) else {
      var facts = FileFacts(path: path)
      facts.problems.append(
        InputProblem(
          location: path,
          message: "cannot read this file (missing, a dangling link, or no permission); "
            + "fix its permissions or remove it"
        )
      )
      return facts
    }
    guard let source = String(validating: data, as: UTF8.self) else {
      var facts = FileFacts(path: path)
      facts.problems.append(
        InputProblem(location: path, message: "not UTF-8 text; save it as UTF-8")
      )
      return facts
    }
    return facts(path: path, source: source)
  }
}
