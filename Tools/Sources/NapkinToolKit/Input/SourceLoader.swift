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

  /// A file as the analysis read it: the very bytes it parsed, and which file they came from.
  /// `napkin fix` computes its edits from these bytes and writes only while the path still
  /// names that file holding them.
  struct ReadSource: Sendable {
    var bytes: [UInt8]
    var status: BoundedFile.Status
  }

  /// What ``load(paths:keepingSources:)`` found.
  struct Loaded: Sendable {
    /// The facts of every readable file, sorted by path.
    var files: [FileFacts]
    /// The problems met on the way.
    var problems: [InputProblem]
    /// What each file read held, by path, when asked for; never standard input's.
    var sources: [String: ReadSource] = [:]
  }

  /// The facts of every readable file, sorted by path, the problems met on the way, and, with
  /// `keepingSources`, the bytes of each file read.
  static func load(paths: [String], keepingSources: Bool = false) -> Loaded {
    var problems: [InputProblem] = []
    var files: [String] = []
    var parsed: [FileFacts] = []
    var sources: [String: ReadSource] = [:]
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
    let read = ParserThreads.map(sorted.count) { [named] index -> (FileFacts, ReadSource?) in
      let path = sorted[index]
      do throws(InputProblem) {
        let (source, status) = try readSource(path, followingLink: named.contains(path))
        let kept = keepingSources ? ReadSource(bytes: Array(source.utf8), status: status) : nil
        return (facts(path: path, source: source), kept)
      } catch {
        return (FileFacts(path: path, problems: [error]), nil)
      }
    }
    for (facts, source) in read {
      parsed.append(facts)
      if let source { sources[facts.path] = source }
    }
    return Loaded(files: parsed, problems: problems + parsed.flatMap(\.problems), sources: sources)
  }

  /// Facts of one file's text; `path` is only used in positions. Call it on a thread of
  /// ``ParserThreads``: the parser needs its stack.
  static func facts(path: String, source: String) -> FileFacts {
    if let refusal = NestingGuard.check(source) {
      let location = "\(path):\(refusal.line):\(refusal.column)"
      return FileFacts(
        path: path, problems: [InputProblem(location: location, message: refusal.message)])
    }
    var parser = Parser(source, maximumNestingLevel: NestingGuard.maximumDepth)
    let tree = SourceFileSyntax.parse(from: &parser)
    let converter = SourceLocationConverter(fileName: path, tree: tree)
    let collector = FactCollector(path: path, converter: converter)
    collector.walk(tree)
    var facts = collector.facts
    facts.memberReads = collector.memberReads.reads
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

  /// Lists `directory` and the folders below it, depth first in name order, with a stack of its
  /// own: folders may nest as deep as paths go, deeper than a thread's stack allows recursion.
  private static func walk(
    directory: String,
    files: inout [String],
    problems: inout [InputProblem]
  ) {
    var stack: [(folder: String, entries: [String], next: Int)] = []
    func enter(_ folder: String) {
      do {
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        stack.append((folder, entries.filter { !$0.hasPrefix(".") }, 0))
      } catch {
        problems.append(
          InputProblem(location: folder, message: "cannot list this folder; check its permissions")
        )
      }
    }
    enter(directory)
    while let top = stack.indices.last {
      guard stack[top].next < stack[top].entries.count else {
        stack.removeLast()
        continue
      }
      let entry = stack[top].entries[stack[top].next]
      stack[top].next += 1
      let folder = stack[top].folder
      let path = folder.hasSuffix("/") ? folder + entry : folder + "/" + entry
      var info = stat()
      guard lstat(path, &info) == 0 else { continue }
      switch info.st_mode & S_IFMT {
      case S_IFDIR:
        enter(path)
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

  // MARK: Reading

  /// The text of a regular file, opened without following a link unless `followingLink`, and
  /// which file it was; or why it was not read.
  static func readSource(
    _ path: String, followingLink: Bool
  ) throws(InputProblem) -> (source: String, status: BoundedFile.Status) {
    let read: (data: Data, status: BoundedFile.Status)
    do {
      read = try BoundedFile.readWithStatus(
        path, limit: maximumFileSize, followingLink: followingLink)
    } catch {
      let message =
        switch error {
        case .symbolicLink:
          "symbolic link inside a folder, not followed; pass its target as a PATH"
        case .cannotOpen:
          "cannot read this file (missing, a dangling link, or no permission); "
            + "fix its permissions or remove it"
        case .notRegularFile:
          "not a regular file (a FIFO, a device or a socket); napkin reads files"
        case .tooLarge:
          "larger than \(maximumFileSize >> 20) MiB, more than any source napkin reads; "
            + "split it or leave it out"
        case .cannotReadToTheEnd:
          "cannot read this file to its end, or it grew past the size bound"
        }
      throw InputProblem(location: path, message: message)
    }
    guard let source = String(validating: read.data, as: UTF8.self) else {
      throw InputProblem(location: path, message: "not UTF-8 text; save it as UTF-8")
    }
    return (source, read.status)
  }
}
