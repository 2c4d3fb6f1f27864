import Foundation
import NotebookStorage
import Testing

@testable import Notebook

/// Notebook files written by the format 1 Notebook.
@Suite struct MigrationTests {
  /// A format 1 note: its revision, and the revision last agreed with the remote.
  func legacyNote(
    _ id: String, _ text: String, revision: String, synced: String?, deleted: Bool = false
  )
    -> String
  {
    let syncedField = synced.map { "\"syncedRevision\": \"\($0)\"," } ?? ""
    return """
      {"id": "\(id)", "text": "\(text)", "revision": "\(revision)", \(syncedField)
       "isDeleted": \(deleted), "modified": "2024-05-01T10:00:00Z", "author": "ada"}
      """
  }

  func legacyFile(_ notes: [String]) -> Data {
    Data("{\"format\": 1, \"notes\": [\(notes.joined(separator: ","))]}".utf8)
  }

  @Test func aFormatOneFileLoadsAndIsKeptAsABackupBeforeItsFirstRewrite() async throws {
    try await withMachine { machine in
      try await machine.run {
        let notebook = try NotebookRef("old")
        try FileIO.createDirectory(machine.directory)
        let old = legacyFile([
          legacyNote("000000000001", "kept", revision: "r1", synced: "r1"),
          legacyNote("000000000002", "", revision: "r2", synced: "r0", deleted: true),
        ])
        try old.write(to: URL(fileURLWithPath: notebook.file))
        #expect(try SyncManager.shared.load(notebook).map(\.text) == ["kept"])
        // Reading alone changes nothing on disk.
        #expect(!FileManager.default.fileExists(atPath: notebook.formatOneBackup))
        _ = try await SyncManager.shared.add("new", to: notebook)
        #expect(try Data(contentsOf: URL(fileURLWithPath: notebook.formatOneBackup)) == old)
        #expect(try SyncManager.shared.load(notebook).map(\.text) == ["kept", "new"])
        let rewritten = try String(contentsOfFile: notebook.file, encoding: .utf8)
        #expect(rewritten.contains("\"format\":2"))
        // The backup is not a notebook of its own.
        #expect(try SyncManager.shared.notebooks().map(\.name) == ["old"])
      }
    }
  }

  @Test func formatOneCopiesSyncAsTheyDidWithoutFalseConflicts() async throws {
    try await withMachines(2) { machines, remote in
      let (local, other) = (machines[0], machines[1])
      for directory in [local.directory, remote] { try FileIO.createDirectory(directory) }
      // Edited here since the last sync; untouched here but edited there; edited on both sides.
      try legacyFile([
        legacyNote("00000000000a", "edited here", revision: "a2", synced: "a1"),
        legacyNote("00000000000b", "b", revision: "b1", synced: "b1"),
        legacyNote("00000000000c", "c here", revision: "c2", synced: "c1"),
      ]).write(to: URL(fileURLWithPath: local.directory + "/n.notes.json"))
      try legacyFile([
        legacyNote("00000000000a", "a", revision: "a1", synced: "a1"),
        legacyNote("00000000000b", "edited there", revision: "b2", synced: "b1"),
        legacyNote("00000000000c", "c there", revision: "c3", synced: "c1"),
      ]).write(to: URL(fileURLWithPath: remote + "/n.notes.json"))
      let report = try await local.run { try await SyncManager.shared.sync() }
      #expect(report.conflicts.map(\.conflict.noteID) == ["00000000000c"])
      let texts = try await local.run {
        try SyncManager.shared.load(try NotebookRef("n")).map(\.text)
      }
      #expect(Set(texts) == ["edited here", "edited there", "c here", "c there"])
      _ = try await other.run { try await SyncManager.shared.sync() }
      let there = try await other.run {
        try SyncManager.shared.load(try NotebookRef("n")).map(\.text)
      }
      #expect(Set(there) == Set(texts))
      #expect(FileManager.default.fileExists(atPath: remote + "/.n~format-1.notes.json"))
    }
  }
}
