import Foundation
import Testing

@testable import TerminalIO

/// The file `--snapshot` names: checked before anything is written, replaced whole, never
/// written through a link.
@Suite struct SnapshotFileTests {
  let folder: URL

  /// A snapshot file whose own snapshots start with `SNAPSHOT`.
  static func file(_ path: String) throws(SnapshotFile.Refusal) -> SnapshotFile {
    try SnapshotFile(path: path) { $0.starts(with: Array("SNAPSHOT".utf8)) }
  }

  func write(_ text: String, to name: String, mode: Int = 0o644) throws -> String {
    let path = folder.appending(path: name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    return path
  }

  func contents(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  func mode(_ path: String) throws -> Int {
    try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int ?? -1
  }

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appending(path: "napkin-snapshot-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
  }

  @Test func aSnapshotPathThatIsALinkOrAFolderIsRefusedBeforeAnythingIsWritten() throws {
    let target = folder.appending(path: "elsewhere.json")
    try Data("keep".utf8).write(to: target)
    let link = folder.appending(path: "link.json")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    #expect(throws: SnapshotFile.Refusal.self) { try Self.file(link.path) }
    #expect(throws: SnapshotFile.Refusal.self) { try Self.file(folder.path) }
    #expect(throws: SnapshotFile.Refusal.self) {
      try Self.file(folder.appending(path: "missing/tree.json").path)
    }
    #expect(try String(contentsOf: target, encoding: .utf8) == "keep")
  }

  @Test func aLinkPlantedAfterTheCheckIsReplacedNotWrittenThrough() throws {
    let path = folder.appending(path: "tree.json").path
    let file = try Self.file(path)
    let target = folder.appending(path: "victim.txt")
    try Data("keep".utf8).write(to: target)
    try FileManager.default.createSymbolicLink(
      atPath: path, withDestinationPath: target.path)
    try file.replace(with: Array("{}".utf8))
    #expect(try String(contentsOf: target, encoding: .utf8) == "keep")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "{}")
  }

  @Test func aFileThatIsNotASnapshotOfTheProgramIsNeverReplaced() throws {
    let path = try write("my notes", to: "tree.json")
    #expect(throws: SnapshotFile.Refusal.self) { try Self.file(path) }
    #expect(try contents(path) == "my notes")
  }

  @Test func aReadOnlyFileIsRefusedAndKeepsItsMode() throws {
    let path = try write("SNAPSHOT old", to: "tree.json", mode: 0o444)
    #expect(throws: SnapshotFile.Refusal.self) { try Self.file(path) }
    #expect(try mode(path) == 0o444)
    #expect(try contents(path) == "SNAPSHOT old")
  }

  @Test func aSnapshotThatIsReplacedKeepsItsMode() throws {
    let path = try write("SNAPSHOT old", to: "tree.json", mode: 0o640)
    let file = try Self.file(path)
    try file.replace(with: Array("SNAPSHOT new".utf8))
    try file.replace(with: Array("SNAPSHOT newer".utf8))
    #expect(try contents(path) == "SNAPSHOT newer")
    #expect(try mode(path) == 0o640)
  }

  @Test func aSnapshotWithAnotherNameIsRefused() throws {
    let path = try write("SNAPSHOT old", to: "tree.json")
    let other = folder.appending(path: "backup.json").path
    #expect(link(path, other) == 0)
    #expect(throws: SnapshotFile.Refusal.self) { try Self.file(path) }
    #expect(try contents(other) == "SNAPSHOT old")
  }

  @Test func aFilePutAtThePathWhileTheProgramRunsIsNotReplaced() throws {
    let path = folder.appending(path: "tree.json").path
    let file = try Self.file(path)
    try file.replace(with: Array("SNAPSHOT 1".utf8))
    try FileManager.default.removeItem(atPath: path)
    _ = try write("the user's", to: "tree.json")
    #expect(throws: SnapshotFile.Refusal.self) { try file.replace(with: Array("SNAPSHOT 2".utf8)) }
    #expect(try contents(path) == "the user's")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(leftovers == ["tree.json"])
  }
}
