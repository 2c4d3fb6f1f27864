import Foundation
import NotebookStorage
import Testing

/// A deleted note stays for sync, as small as its job allows, and a full notebook says why.
@Suite struct TombstoneTests {
  /// A note added and deleted by one copy: the cycle.
  static func tombstone() throws -> Note {
    let replica = NoteID.make()
    let note = Note(
      id: NoteID.make(), text: "a note with some text", author: "someone", device: "laptop",
      replica: replica)
    return try note.deleted(replica: replica)
  }

  @Test func aTombstoneKeepsOnlyItsIDVersionAndDotsInTheFile() throws {
    let empty = NotebookFile.encode(NotebookData(replica: "r", notes: [])).count
    let one = NotebookFile.encode(NotebookData(replica: "r", notes: [try Self.tombstone()])).count
    // Before, each add-and-delete cycle left about 345 bytes.
    #expect(one - empty <= 120, "a tombstone takes \(one - empty) bytes")
    let decoded = try NotebookFile.decode(
      NotebookFile.encode(NotebookData(replica: "r", notes: [try Self.tombstone()])), path: "f")
    let note = try #require(decoded.data.notes.first)
    #expect(note.isDeleted && note.text.isEmpty && note.author.isEmpty && note.device == nil)
  }

  @Test func aTombstoneWrittenWithItsOldFieldsStillReads() throws {
    let json = """
      {"format": 2, "replica": "r", "notes": [{"id": "n", "isDeleted": true, "text": "",
       "author": "ada", "device": "pc", "modified": "2024-01-01T00:00:00Z",
       "version": {"r": 2}, "dots": [{"replica": "r", "counter": 2}]}]}
      """
    let decoded = try NotebookFile.decode(Array(json.utf8), path: "f")
    #expect(decoded.data.notes.first?.version == VersionVector(["r": 2]))
  }

  @Test func aNotebookFullOfTombstonesDoesNotAdviseDeletingNotes() {
    let full = NotebookError.notebookWouldBeTooLarge(
      path: "p", bytes: 68_303_000, tombstoneBytes: 68_000_000)
    #expect(!full.description.contains("Delete notes"))
    #expect(full.description.contains("68000000 bytes of it are deleted notes"))
    let live = NotebookError.notebookWouldBeTooLarge(path: "p", bytes: 68_303_000)
    #expect(live.description.contains("Delete notes"))
  }
}
