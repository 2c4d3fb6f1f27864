import Foundation

/// One note as stored on disk, with what sync needs to tell which edits it has seen.
///
/// A deleted note stays as a tombstone (`isDeleted`), so that a sync can tell "deleted here" from
/// "never seen here".
package nonisolated struct Note: Sendable, Hashable {
  /// Where a note kept aside by a sync conflict came from.
  package struct ConflictOrigin: Codable, Sendable, Hashable {
    /// The note that was edited on both sides.
    package var noteID: String
    /// The machine whose version this is, when the host could say.
    package var device: String?

    package init(noteID: String, device: String?) {
      self.noteID = noteID
      self.device = device
    }
  }

  /// Stable identity, printed by `add`.
  package var id: String
  package var text: String
  package var isDeleted: Bool
  /// Whole seconds, so that a note reads back from its file exactly as it was written.
  package var modified: Date
  package var author: String
  /// The machine the current text was written on, when the host could say.
  package var device: String?
  package var conflict: ConflictOrigin?
  /// Every edit of this note that this copy has seen.
  package var version: VersionVector
  /// The edits that wrote the current text (or the deletion), in ascending order: one, or several
  /// when concurrent edits wrote the same text. The text is superseded only once a copy has seen
  /// all of them.
  package var dots: [Dot]

  /// A new note, as the first edit of `replica`.
  package init(
    id: String, text: String, author: String, device: String? = nil, replica: String,
    at time: Date = Note.now()
  ) {
    let dot = Dot(replica: replica, counter: 1)
    let version = VersionVector([replica: 1])
    self.init(
      id: id, text: text, isDeleted: false, modified: time, author: author, device: device,
      conflict: nil, version: version, dots: [dot])
  }

  /// A note with every field given; for migration and conflict copies.
  package init(
    id: String, text: String, isDeleted: Bool, modified: Date, author: String, device: String?,
    conflict: ConflictOrigin?, version: VersionVector, dots: [Dot]
  ) {
    self.id = id
    self.text = text
    self.isDeleted = isDeleted
    self.modified = modified
    self.author = author
    self.device = device
    self.conflict = conflict
    self.version = version
    self.dots = dots
  }

  /// This note with new text, as a new edit by `replica` that has seen every edit this copy has.
  ///
  /// - Throws: ``NotebookError/editsExhausted(noteID:)`` when `replica` cannot count another edit.
  package func edited(
    _ newText: String, by account: String, device: String? = nil, replica: String,
    at time: Date = Note.now()
  ) throws(NotebookError) -> Note {
    var note = self
    guard let dot = note.version.advance(replica) else { throw .editsExhausted(noteID: id) }
    note.text = newText
    note.dots = [dot]
    note.modified = time
    note.author = account
    note.device = device
    return note
  }

  /// This note as a tombstone, as a new edit by `replica`.
  ///
  /// A tombstone keeps only what sync needs to delete the note elsewhere and to tell a later or
  /// concurrent edit from a stale copy: its id, version and dots. Author, device and time are
  /// dropped (see `Note+Coding.swift`), so each deleted note costs as little as its job allows.
  package func deleted(replica: String) throws(NotebookError) -> Note {
    var note = try edited("", by: "", device: nil, replica: replica, at: Note.tombstoneDate)
    note.isDeleted = true
    note.conflict = nil
    return note
  }

  /// The `modified` of every tombstone: a deletion's time is not part of its job.
  package static let tombstoneDate = Date(timeIntervalSince1970: 0)

  /// The current time in whole seconds: the precision of the file's ISO 8601 dates.
  package static func now() -> Date {
    Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
  }
}

/// Identifiers for notes and replicas: 12 hexadecimal digits.
package nonisolated enum NoteID {
  /// A random identifier.
  package static func make() -> String {
    hex(UInt64.random(in: 0..<(1 << 48)))
  }

  /// The identifier of the conflict copy of note `noteID` holding `text`: the same on every copy,
  /// so that copies made on two machines for one conflict are one note, not two.
  package static func conflictCopy(of noteID: String, text: String) -> String {
    // FNV-1a, 64 bits: stable across processes and platforms, unlike `Hasher`.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in Array(noteID.utf8) + [0] + Array(text.utf8) {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hex(hash >> 16)
  }

  private static func hex(_ bits: UInt64) -> String {
    let digits = String(bits, radix: 16)
    return String(repeating: "0", count: max(0, 12 - digits.count)) + digits
  }
}
