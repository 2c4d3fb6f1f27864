import Foundation

/// The on-disk form of one notebook (format 2), and the reading of format 1.
///
/// Format 1 (one revision per note, and the revision last agreed with "the" remote) is read and
/// migrated in memory; ``NoteStore`` keeps a copy of the old file before it first writes format 2.
nonisolated struct NotebookFile: Codable {
  /// Bumped when the layout changes incompatibly.
  static let currentFormat = 2

  var format: Int
  var replica: String
  var notes: [Note]

  init(_ data: NotebookData) {
    self.format = Self.currentFormat
    self.replica = data.replica
    self.notes = data.notes
  }

  /// A decoded file: its notes and the format it was written in.
  struct Decoded {
    var data: NotebookData
    var format: Int
  }

  static func encode(_ data: NotebookData) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    // Encoding plain strings, integers, dates and booleans cannot fail.
    return Array(try! encoder.encode(NotebookFile(data)))
  }

  static func decode(_ bytes: [UInt8], path: String) throws(NotebookError) -> Decoded {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let json = Data(bytes)
    do {
      let format = try decoder.decode(FormatOnly.self, from: json).format
      switch format {
      case 1:
        let legacy = try decoder.decode(LegacyFile.self, from: json)
        return Decoded(
          data: NotebookData(replica: NoteID.make(), notes: legacy.notes.map(\.migrated)),
          format: 1)
      case currentFormat:
        let file = try decoder.decode(NotebookFile.self, from: json)
        return Decoded(data: NotebookData(replica: file.replica, notes: file.notes), format: 2)
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

  private static func explain(_ error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, _): return "the field \"\(key.stringValue)\" is missing"
    case .typeMismatch, .valueNotFound: return "a field holds the wrong kind of value"
    case .dataCorrupted: return "it is not valid notebook JSON"
    @unknown default: return "its content is not a notebook"
    }
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
    var conflict: Notebook.Note.ConflictOrigin?

    /// The same note with a version vector, the same on every copy that held this revision.
    ///
    /// Each revision becomes an edit of its own replica. A note edited since its last sync has
    /// seen the synced revision too, so it supersedes a copy still at that revision instead of
    /// conflicting with it; a copy edited on both sides conflicts, as it did in format 1.
    var migrated: Notebook.Note {
      let dot = Dot(replica: "v1-\(revision)", counter: 1)
      var counters = [dot.replica: dot.counter]
      if let syncedRevision, syncedRevision != revision { counters["v1-\(syncedRevision)"] = 1 }
      return Notebook.Note(
        id: id, text: text, isDeleted: isDeleted, modified: modified, author: author,
        device: conflict?.device, conflict: conflict, version: VersionVector(counters),
        dots: [dot])
    }
  }

  var notes: [Note]
}
