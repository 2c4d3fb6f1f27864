import Foundation
import Testing

@testable import NapkinToolKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `napkin fix` never loses a user's edit or breaks their code: it writes only a file that is
/// still exactly what its analysis read, keeps owner, mode and links or refuses, and says which
/// files it changed when it stops part-way.
struct FixSafetyTests {
  /// The fixture `fix` changes four files of, in this order.
  static let fixture = "MissingPassThrough/Found"
  static let files = [
    "HomeComponent+Player.swift", "HomeComponent.swift", "PlayerComponent.swift",
    "RootComponent.swift",
  ]

  /// Copies ``fixture`` into a new scratch folder.
  private func scratchCopy() throws -> ScratchFolder {
    let scratch = try ScratchFolder()
    for file in Self.files {
      try scratch.write(
        file,
        try String(contentsOfFile: Paths.fixture(Self.fixture + "/" + file), encoding: .utf8))
    }
    return scratch
  }

  private func text(_ scratch: ScratchFolder, _ file: String) throws -> String {
    try String(contentsOfFile: scratch.path + "/" + file, encoding: .utf8)
  }

  /// `fix` run in process, with `edit` called with each path right before its last check.
  private func fix(
    _ scratch: ScratchFolder, editing edit: @escaping @Sendable (String) -> Void
  ) -> (CommandStatus, RecordingConsole) {
    FixedFile.$beforeCommitting.withValue(edit) { run("fix", scratch.path) }
  }

  /// Nothing but the user's files is left in the folder: no half-written copy.
  private func expectOnlyTheFiles(
    in scratch: ScratchFolder, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == Self.files,
      sourceLocation: sourceLocation)
  }

  // MARK: Changes made while fix runs

  /// Writes `text` at the end of the file, in place: the same inode, as some editors save.
  private func append(_ text: String, to path: String) {
    guard let handle = FileHandle(forUpdatingAtPath: path) else { return }
    _ = try? handle.seekToEnd()
    try? handle.write(contentsOf: Data(text.utf8))
    try? handle.close()
  }

  @Test func anEditSavedInPlaceWhileFixRunsIsKeptAndNothingIsWritten() throws {
    let scratch = try scratchCopy()
    let before = try Self.files.map { try text(scratch, $0) }
    let first = scratch.path + "/" + Self.files[0]
    let (status, console) = fix(scratch) { path in
      guard path == first else { return }
      append("// saved by an editor while fix ran\n", to: path)
    }
    #expect(status == .inputProblem)
    #expect(console.errors.contains("it changed since napkin read it"), "\(console.errors)")
    #expect(console.errors.contains("nothing was changed"))
    #expect(try text(scratch, Self.files[0]) == before[0] + "// saved by an editor while fix ran\n")
    #expect(try Self.files.dropFirst().map { try text(scratch, $0) } == Array(before.dropFirst()))
    try expectOnlyTheFiles(in: scratch)
  }

  /// A function added above the extension moves its closing brace: an insertion at the offset
  /// the analysis saw would land inside the function and break the file.
  @Test func aDeclarationMovedWhileFixRunsGetsNoInsertionAtAStaleOffset() throws {
    let scratch = try scratchCopy()
    let first = scratch.path + "/" + Self.files[0]
    let moved =
      "import Napkin\n\nfunc addedAbove() {\n  print(\"an editor saved this\")\n}\n"
      + (try text(scratch, Self.files[0])).dropFirst("import Napkin\n".count)
    // Saved as editors save: a new file renamed over the old one.
    let (status, console) = fix(scratch) { path in
      guard path == first else { return }
      try? Data(moved.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
    #expect(status == .inputProblem)
    #expect(console.errors.contains("it changed since napkin read it"), "\(console.errors)")
    #expect(try text(scratch, Self.files[0]) == moved)
    #expect(try !text(scratch, "HomeComponent.swift").contains("playbackEngine"))
    try expectOnlyTheFiles(in: scratch)
  }

  @Test func aFileChangedAfterOthersWereWrittenIsNamedWithTheFilesThatWereAndWereNot() throws {
    let scratch = try scratchCopy()
    let last = scratch.path + "/" + Self.files[3]
    let (status, console) = fix(scratch) { path in
      guard path == last else { return }
      append("// edited\n", to: path)
    }
    #expect(status == .inputProblem)
    let written = Self.files.prefix(3).map { scratch.path + "/" + $0 }.joined(separator: ", ")
    #expect(console.errors.contains("stopped at \(last): it changed since napkin read it"))
    #expect(console.errors.contains("napkin: fixed and written: \(written)\n"), "\(console.errors)")
    #expect(console.errors.contains("napkin: not changed: \(last); run napkin fix again"))
    #expect(try text(scratch, "HomeComponent.swift").contains("playbackEngine"))
    #expect(try text(scratch, Self.files[3]).hasSuffix("}\n// edited\n"))
    #expect(try !text(scratch, Self.files[3]).contains("Sendable"))
    try expectOnlyTheFiles(in: scratch)
  }

  /// The old fix opened the path again without `O_NONBLOCK` and waited for a writer for good;
  /// the watchdog opens the FIFO for writing after 20 s so that such a wait fails the test
  /// instead of hanging it.
  @Test func aFileReplacedByAFIFOWhileFixRunsIsRefusedWithoutWaiting() throws {
    let scratch = try scratchCopy()
    let first = scratch.path + "/" + Self.files[0]
    let watchdog = FIFOWatchdog(path: first, after: .seconds(20))
    let (status, console) = fix(scratch) { path in
      guard path == first else { return }
      unlink(path)
      mkfifo(path, 0o644)
      watchdog.start()
    }
    watchdog.finish()
    #expect(!watchdog.hadToUnblock, "fix waited on the FIFO")
    #expect(status == .inputProblem)
    #expect(console.errors.contains("it is no longer a regular file"), "\(console.errors)")
    #expect(console.errors.contains("nothing was changed"))
  }

  // MARK: Files fix keeps as they are

  @Test func aHardLinkedFileIsRefusedAndBothNamesKeepTheirText() throws {
    let scratch = try scratchCopy()
    let other = try ScratchFolder()
    let before = try text(scratch, "HomeComponent.swift")
    #expect(link(scratch.path + "/HomeComponent.swift", other.path + "/Linked.swift") == 0)
    let (status, console) = run("fix", scratch.path)
    #expect(status == .inputProblem)
    #expect(console.errors.contains("it has 2 names (hard links)"), "\(console.errors)")
    #expect(console.errors.contains("nothing was changed"))
    #expect(try text(scratch, "HomeComponent.swift") == before)
    let linked = try String(contentsOfFile: other.path + "/Linked.swift", encoding: .utf8)
    #expect(linked == before)
    try expectOnlyTheFiles(in: scratch)
  }

  @Test func aReadOnlyFileIsRefusedAndKeepsItsTextAndMode() throws {
    let scratch = try scratchCopy()
    let path = scratch.path + "/RootComponent.swift"
    let before = try text(scratch, "RootComponent.swift")
    #expect(chmod(path, 0o444) == 0)
    let (status, console) = run("fix", scratch.path)
    #expect(status == .inputProblem)
    #expect(console.errors.contains("it is read-only (mode 444)"), "\(console.errors)")
    #expect(console.errors.contains("make it writable (chmod u+w)"))
    #expect(try text(scratch, "RootComponent.swift") == before)
    #expect(try !text(scratch, "HomeComponent.swift").contains("playbackEngine"))
    var info = stat()
    #expect(stat(path, &info) == 0 && info.st_mode & 0o7777 == 0o444)
  }

  /// Only root can make a file another user's; the rename would otherwise give it to root.
  @Test(.enabled(if: geteuid() == 0, "only root can give a file to another user"))
  func aFileOfAnotherUserKeepsItsOwnerGroupAndMode() throws {
    let scratch = try scratchCopy()
    let path = scratch.path + "/HomeComponent.swift"
    #expect(chown(path, 4321, 8765) == 0)
    #expect(chmod(path, 0o640) == 0)
    let (status, console) = run("fix", scratch.path)
    #expect(status == .success, "\(console.errors)")
    #expect(try text(scratch, "HomeComponent.swift").contains("playbackEngine"))
    var info = stat()
    #expect(stat(path, &info) == 0)
    #expect(info.st_uid == 4321)
    #expect(info.st_gid == 8765)
    #expect(info.st_mode & 0o7777 == 0o640)
  }

  // MARK: A write cut short

  /// The last file's fixed copy is larger than the process may write: the copies already
  /// written are removed, no file is changed, and the message says why in words.
  @Test func aWriteCutShortByTheFileSizeLimitChangesNothingAndSaysWhy() async throws {
    let scratch = try scratchCopy()
    let padding = String(repeating: "// a long comment that makes this file large\n", count: 200)
    let root = try text(scratch, "RootComponent.swift") + padding
    try scratch.write("RootComponent.swift", root)
    let before = try Self.files.map { try text(scratch, $0) }
    let folder = scratch.path
    let result = await #expect(
      processExitsWith: .exitCode(3), observing: [\.standardErrorContent]
    ) { [folder = folder as String] in
      var limit = rlimit(rlim_cur: 4096, rlim_max: 4096)
      #if os(Linux)
        let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
      #else
        let resource = RLIMIT_FSIZE
      #endif
      guard setrlimit(resource, &limit) == 0 else { exit(99) }
      exit(NapkinCommandLine.main(["fix", folder]))
    }
    let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      errors.contains(
        "cannot write the fixed \(folder)/RootComponent.swift: the file-size limit of this "
          + "process (ulimit -f) cut the write short; raise it; nothing was changed"),
      "\(errors)")
    #expect(!errors.contains("error 640"))
    #expect(try Self.files.map { try text(scratch, $0) } == before)
    try expectOnlyTheFiles(in: scratch)
  }
}
