import Foundation

/// The on-disk form of one notebook (format 2), and the reading of format 1.
///
/// Format 1 (one revision per note, and the revision last agreed with "the" remote) is read and
/// migrated in memory; ``NoteStore`` keeps a copy of the old file before it first writes format 2.
package nonisolated struct NotebookFile: Codable {
  /// Bumped when the layout changes incompatibly.
  package static let currentFormat = 2

  package var format: Int
  package var replica: String
  /// The device and inode of the file this was written to. A file whose own identity differs is
  /// a copy (`cp`, a restored backup), and takes a new replica id before its next edit: see
  /// `NotebookStorage.docc/SyncDesign.md`. Absent in files written before Notebook recorded it.
  package var origin: FileOrigin?
  package var notes: [Note]

  package init(_ data: NotebookData, origin: FileOrigin?) {
    self.format = Self.currentFormat
    self.replica = data.replica
    self.origin = origin
    self.notes = data.notes
  }

  /// A decoded file: its notes, the format it was written in, and the file it was written to.
  package struct Decoded {
    package var data: NotebookData
    package var format: Int
    package var origin: FileOrigin?
  }

  package static func encode(_ data: NotebookData, origin: FileOrigin? = nil) -> [UInt8] {
    let encoder = JSONEncoder()
    // Compact: every deleted note stays in the file, and indentation tripled what one costs
    // (`jq . FILE` shows the file indented).
    encoder.outputFormatting = [.sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    // Encoding plain strings, integers, dates and booleans cannot fail.
    return Array(try! encoder.encode(NotebookFile(data, origin: origin)))
  }

  package static func decode(_ bytes: [UInt8], path: String) throws(NotebookError) -> Decoded {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let json = Data(bytes)
    do {
      let format = try decoder.decode(FormatOnly.self, from: json).format
      switch format {
      case 1:
        let notes = try decoder.decode(LegacyFile.self, from: json).notes.map(\.migrated)
        try validate(notes, path: path)
        return Decoded(
          data: NotebookData(replica: NoteID.make(), notes: notes), format: 1, origin: nil)
      case currentFormat:
        let file = try decoder.decode(NotebookFile.self, from: json)
        if file.replica.isEmpty || file.replica.utf8.count > NotebookLimits.maximumIDBytes {
          throw NotebookError.corruptFile(
            path: path,
            reason: "its replica id is not 1 to \(NotebookLimits.maximumIDBytes) bytes long")
        }
        try validate(file.notes, path: path)
        return Decoded(
          data: NotebookData(replica: file.replica, notes: file.notes), format: 2,
          origin: file.origin)
      case let newer where newer > currentFormat:
        throw NotebookError.corruptFile(
          path: path, reason: "it was written by a newer Notebook (format \(newer))")
      default:
        throw NotebookError.corruptFile(path: path, reason: "it has the unknown format \(format)")
      }
    } catch let error as NotebookError {
      throw error
    } catch let error as DecodingError {
      throw .corruptFile(path: path, reason: explain(error))
    } catch {
      throw .corruptFile(path: path, reason: "\(error)")
    }
  }

  private static func validate(_ notes: [Note], path: String) throws(NotebookError) {
    if let (noteID, reason) = NoteValidation.problem(in: notes) {
      throw .invalidNote(path: path, noteID: noteID, reason: reason, writing: false)
    }
  }

  private static func explain(_ error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, _): return "the field \"\(key.stringValue)\" is missing"
    case .typeMismatch, .valueNotFound: return "a field holds the wrong kind of value"
    case .dataCorrupted: return "it is not valid notebook JSON"
    @unknown default: return "its content is not a notebook"
    }
  }
}

/// Where a file was written: see ``NotebookFile/origin``.
package nonisolated struct FileOrigin: Codable, Equatable, Sendable {
  package var device: UInt64
  package var inode: UInt64
  /// The file's modification time, in whole seconds, as written; absent in files written before
  /// Notebook recorded it (such a file counts as a copy once, and is re-keyed).
  package var stamp: UInt64?

  package init(_ identity: FileIdentity, stamp: UInt64?) {
    device = identity.device
    inode = identity.inode
    self.stamp = stamp
  }
}

private nonisolated struct FormatOnly: Decodable {
  var format: Int
}

/// Format 1: a random revision per edit, and the revision both sides agreed on at the last sync.
private nonisolated struct LegacyFile: Decodable {
  struct Note: Decodable {
    var id: String
    var text: String
    var revision: String
    var syncedRevision: String?
    var isDeleted: Bool
    var modified: Date
    var author: String
    var conflict: NotebookStorage.Note.ConflictOrigin?

    /// The same note with a version vector, the same on every copy that held this revision.
    ///
    /// Each revision becomes an edit of its own replica. A note edited since its last sync has
    /// seen the synced revision too, so it supersedes a copy still at that revision instead of
    /// conflicting with it; a copy edited on both sides conflicts, as it did in format 1.
    var migrated: NotebookStorage.Note {
      let dot = Dot(replica: "v1-\(revision)", counter: 1)
      var counters = [dot.replica: dot.counter]
      if let syncedRevision, syncedRevision != revision { counters["v1-\(syncedRevision)"] = 1 }
      return NotebookStorage.Note(
        id: id, text: text, isDeleted: isDeleted, modified: modified, author: author,
        device: conflict?.device, conflict: conflict, version: VersionVector(counters),
        dots: [dot])
    }
  }

  var notes: [Note]
}
