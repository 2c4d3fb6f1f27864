import Foundation

/// One note as stored on disk, with what sync needs to tell who changed it.
///
/// A deleted note stays as a tombstone (`isDeleted`), so that a sync can tell "deleted here" from
/// "never seen here".
struct Note: Codable, Sendable, Equatable {
  /// Where a note kept aside by a sync conflict came from.
  struct ConflictOrigin: Codable, Sendable, Equatable {
    /// The note that was edited on both sides.
    var noteID: String
    /// The machine whose version this is, when the host could say.
    var device: String?
  }

  /// Stable identity, printed by `add`.
  var id: String
  var text: String
  /// Changes on every edit and delete; two copies with one revision hold the same content.
  var revision: String
  /// The revision both sides agreed on at the last sync, or `nil` before the first one.
  var syncedRevision: String?
  var isDeleted: Bool
  var modified: Date
  var author: String
  var conflict: ConflictOrigin?

  /// A new note that has never been synced.
  init(id: String, text: String, author: String, conflict: ConflictOrigin? = nil) {
    self.id = id
    self.text = text
    self.revision = NoteID.make()
    self.syncedRevision = nil
    self.isDeleted = false
    self.modified = Date()
    self.author = author
    self.conflict = conflict
  }

  /// This note with new text, as a new revision.
  func edited(_ newText: String, by account: String) -> Note {
    var note = self
    note.text = newText
    note.revision = NoteID.make()
    note.modified = Date()
    note.author = account
    return note
  }

  /// This note as a tombstone, as a new revision.
  func deleted(by account: String) -> Note {
    var note = edited("", by: account)
    note.isDeleted = true
    note.conflict = nil
    return note
  }
}

/// Random identifiers for notes and revisions: 12 hexadecimal digits.
enum NoteID {
  static func make() -> String {
    let bits = UInt64.random(in: 0..<(1 << 48))
    let digits = String(bits, radix: 16)
    return String(repeating: "0", count: 12 - digits.count) + digits
  }
}

/// The on-disk form of one notebook.
struct NotebookFile: Codable {
  /// Bumped when the layout changes incompatibly.
  static let currentFormat = 1

  var format: Int
  var notes: [Note]

  init(notes: [Note]) {
    self.format = Self.currentFormat
    self.notes = notes
  }
}
