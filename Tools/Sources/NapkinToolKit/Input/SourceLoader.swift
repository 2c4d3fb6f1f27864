import Foundation
import SwiftParser
import SwiftSyntax

/// Finds the Swift files under the paths a user gave, reads and parses them (in parallel), and
/// turns every problem with the input into an ``InputProblem`` instead of stopping.
///
/// A path the user names is read even if it is a symbolic link: that is their choice. Inside a
/// folder, links are reported and not followed, and only regular files are opened (a FIFO named
/// `X.swift` would block the read forever), up to ``maximumFileSize``.
enum SourceLoader {
  /// Larger than any hand-written source; a bound so that a huge file cannot exhaust memory.
  /// SwiftParser's tree and the facts drawn from it take about 55 bytes per byte of source, so
  /// 8 MiB costs some 450 MB, where the old 64 MiB needed 3.5 GB.
  static let maximumFileSize = 8 << 20

  /// The facts of every readable file, sorted by path, and the problems met on the way.
  static func load(paths: [String]) -> (files: [FileFacts], problems: [InputProblem]) {
    var problems: [InputProblem] = []
    var files: [String] = []
    var parsed: [FileFacts] = []
    for path in paths where path == "-" {
      // Standard input, for `cat File.swift | napkin lint -`.
      let data =
        (try? FileHandle.standardInput.read(upToCount: maximumFileSize + 1) ?? Data()) ?? Data()
      guard data.count <= maximumFileSize else {
        problems.append(
          InputProblem(
            location: "<stdin>",
            message: "more than \(maximumFileSize >> 20) MiB on standard input; pass files"))
        continue
      }
      let source = String(decoding: data, as: UTF8.self)
      parsed += ParserThreads.map(1) { _ in facts(path: "<stdin>", source: source) }
    }
    var named: Set<String> = []
    for path in paths where path != "-" {
      let found = swiftFiles(under: path)
      problems += found.problems
      files += found.files
      if found.files == [path] { named.insert(path) }
    }
    let sorted = Array(Set(files)).sorted()
    parsed += ParserThreads.map(sorted.count) { [named] index in
      readAndParse(sorted[index], followingLink: named.contains(sorted[index]))
    }
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
    let lifecycle = LifecycleCollector { collector.position(of: $0) }
    lifecycle.walk(tree)
    let childRouters = ChildRouterCollector { collector.position(of: $0) }
    childRouters.walk(tree)
    var facts = collector.facts
    facts.memberReads = reads.reads
    facts.interactorInitCalls = lifecycle.calls
    facts.childRouterAssignments = childRouters.findings
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
    walk(directory: path, files: &files, problems: &problems)
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
    problems: inout [InputProblem]
  ) {
    let entries: [String]
    do {
      entries = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    } catch {
      problems.append(
        InputProblem(location: directory, message: "cannot list this folder; check its permissions")
      )
      return
    }
    for entry in entries where !entry.hasPrefix(".") {
      let path = directory.hasSuffix("/") ? directory + entry : directory + "/" + entry
      var info = stat()
      guard lstat(path, &info) == 0 else { continue }
      switch info.st_mode & S_IFMT {
      case S_IFDIR:
        walk(directory: path, files: &files, problems: &problems)
      case S_IFLNK:
        problems.append(
          InputProblem(
            location: path,
            message: "symbolic link inside a folder, not followed; pass its target as a PATH "
              + "to read it"))
      default:
        // Not only regular files: reading reports a FIFO or a device by its name.
        if entry.hasSuffix(".swift") {
          files.append(path)
        }
      }
    }
  }

  // MARK: Reading and parsing

  private static func readAndParse(_ path: String, followingLink: Bool) -> FileFacts {
    switch readSource(path, followingLink: followingLink) {
    case .source(let source):
      return facts(path: path, source: source)
    case .problem(let problem):
      var facts = FileFacts(path: path)
      facts.problems.append(problem)
      return facts
    }
  }

  /// A file's text, or why it was not read.
  enum ReadResult {
    case source(String)
    case problem(InputProblem)
  }

  /// The text of a regular file, opened without following a link unless `followingLink`.
  static func readSource(_ path: String, followingLink: Bool) -> ReadResult {
    func problem(_ message: String) -> ReadResult {
      .problem(InputProblem(location: path, message: message))
    }
    let data: Data
    do {
      data = try BoundedFile.read(path, limit: maximumFileSize, followingLink: followingLink)
    } catch {
      switch error {
      case .symbolicLink:
        return problem("symbolic link inside a folder, not followed; pass its target as a PATH")
      case .cannotOpen:
        return problem(
          "cannot read this file (missing, a dangling link, or no permission); "
            + "fix its permissions or remove it")
      case .notRegularFile:
        return problem("not a regular file (a FIFO, a device or a socket); napkin reads files")
      case .tooLarge:
        return problem(
          "larger than \(maximumFileSize >> 20) MiB, more than any source napkin reads; "
            + "split it or leave it out")
      case .cannotReadToTheEnd:
        return problem("cannot read this file to its end, or it grew past the size bound")
      }
    }
    guard let source = String(validating: data, as: UTF8.self) else {
      return problem("not UTF-8 text; save it as UTF-8")
    }
    return .source(source)
  }
}
