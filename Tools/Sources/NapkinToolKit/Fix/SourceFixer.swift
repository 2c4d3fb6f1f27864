import Foundation

/// `napkin fix`: writes the missing pass-throughs lint reports, in the user's sources, keeping
/// everything else byte for byte.
enum SourceFixer {
  struct Insertion {
    var brace: Int
    var line: String
  }

  static func fix(_ paths: [String], console: inout some Console) -> CommandStatus {
    let (wiring, problems) = NapkinCommandLine.analyse(paths, console: &console)
    guard problems.isEmpty else {
      console.writeError("napkin: error: nothing was changed: some input could not be read\n")
      return .inputProblem
    }
    let missing = Linter.missingPassThroughs(wiring)
    var byFile: [String: [Insertion]] = [:]
    for item in missing {
      byFile[item.memberFile, default: []].append(
        Insertion(
          brace: item.memberBrace,
          line: "var \(item.member): \(item.type) { dependency.\(item.member) }"))
      if let file = item.requirementFile, let brace = item.requirementBrace {
        byFile[file, default: []].append(
          Insertion(brace: brace, line: "var \(item.member): \(item.type) { get }"))
      }
    }
    guard !byFile.isEmpty else {
      console.write("Nothing to fix in \(wiring.files.count) files.\n")
      return .success
    }
    for (file, insertions) in byFile.sorted(by: { $0.key < $1.key }) {
      do {
        try apply(insertions, to: file)
      } catch {
        console.writeError("napkin: error: cannot fix \(file): \(error.message)\n")
        return .inputProblem
      }
    }
    for item in missing {
      console.write(
        "\(item.position): added `var \(item.member): \(item.type) { dependency.\(item.member) }` "
          + "to \(item.parent)"
          + (item.requirementProtocol.map { " and its requirement to \($0)" } ?? "") + "\n")
    }
    return .success
  }

  /// Inserts each line on a line of its own before its closing brace, indented one level more
  /// than the brace's line, from the end of the file back so that offsets stay valid.
  static func apply(_ insertions: [Insertion], to path: String) throws(UsageError) {
    let (data, mode) = try read(path)
    var bytes = [UInt8](data)
    var done: Set<String> = []
    for insertion in insertions.sorted(by: { $0.brace > $1.brace }) {
      guard done.insert("\(insertion.brace) \(insertion.line)").inserted else { continue }
      guard insertion.brace < bytes.count, bytes[insertion.brace] == UInt8(ascii: "}") else {
        throw UsageError(message: "the file changed since it was read; run napkin fix again")
      }
      var lineStart = insertion.brace
      while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
      let before = bytes[lineStart..<insertion.brace]
      let indent = Array(
        bytes[lineStart...].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
      let member = Array((String(decoding: indent, as: UTF8.self) + "  " + insertion.line).utf8)
      if before.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
        bytes.insert(contentsOf: member + [UInt8(ascii: "\n")], at: lineStart)
      } else {
        // `{}` on the declaration's line: the brace moves to a line of its own.
        let text = [UInt8(ascii: "\n")] + member + [UInt8(ascii: "\n")] + indent
        bytes.insert(contentsOf: text, at: insertion.brace)
      }
    }
    try write(Data(bytes), to: path, mode: mode)
  }

  /// Reads a regular file, never through a symbolic link, up to the loader's limit.
  private static func read(_ path: String) throws(UsageError) -> (Data, mode_t) {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw UsageError(message: String(cString: strerror(errno)))
    }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw UsageError(message: "not a regular file")
    }
    guard Int(info.st_size) <= SourceLoader.maximumFileSize,
      let data = try? handle.read(upToCount: SourceLoader.maximumFileSize + 1),
      data.count <= SourceLoader.maximumFileSize
    else { throw UsageError(message: "cannot read it whole") }
    return (data, info.st_mode & 0o7777)
  }

  /// Writes beside the file and renames over it: a reader sees the old or the new file, and a
  /// symbolic link planted at the path is replaced, never followed.
  private static func write(_ data: Data, to path: String, mode: mode_t) throws(UsageError) {
    let folder = (path as NSString).deletingLastPathComponent
    let temporary = (folder.isEmpty ? "." : folder) + "/.napkin-fix-\(UUID().uuidString)"
    do {
      try data.write(to: URL(fileURLWithPath: temporary), options: .withoutOverwriting)
      guard chmod(temporary, mode) == 0, rename(temporary, path) == 0 else {
        throw UsageError(message: String(cString: strerror(errno)))
      }
    } catch {
      unlink(temporary)
      if let usage = error as? UsageError { throw usage }
      throw UsageError(message: error.localizedDescription)
    }
  }
}
