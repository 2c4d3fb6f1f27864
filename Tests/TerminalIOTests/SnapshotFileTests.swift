import Foundation
import Testing

@testable import TerminalIO

/// The file `--snapshot` names: checked before anything is written, replaced whole, never
/// written through a link.
@Suite struct SnapshotFileTests {
  let folder: URL

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
    #expect(throws: SnapshotFile.Refusal.self) { try SnapshotFile(path: link.path) }
    #expect(throws: SnapshotFile.Refusal.self) { try SnapshotFile(path: folder.path) }
    #expect(throws: SnapshotFile.Refusal.self) {
      try SnapshotFile(path: folder.appending(path: "missing/tree.json").path)
    }
    #expect(try String(contentsOf: target, encoding: .utf8) == "keep")
  }

  @Test func aLinkPlantedAfterTheCheckIsReplacedNotWrittenThrough() throws {
    let path = folder.appending(path: "tree.json").path
    let file = try SnapshotFile(path: path)
    let target = folder.appending(path: "victim.txt")
    try Data("keep".utf8).write(to: target)
    try FileManager.default.createSymbolicLink(
      atPath: path, withDestinationPath: target.path)
    try file.replace(with: Array("{}".utf8))
    #expect(try String(contentsOf: target, encoding: .utf8) == "keep")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "{}")
  }
}
