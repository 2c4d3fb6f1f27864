import Foundation

/// A note's form in the file. A tombstone is written as its id, version and dots only: the text,
/// author, device, time and conflict origin of a deleted note serve no one, and every deleted
/// note stays in the file (see `NotebookStorage.docc/SyncDesign.md`), so each byte of it counts.
///
/// Files written before tombstones were trimmed still read: the dropped fields are read when
/// present and ignored for a tombstone.
nonisolated extension Note: Codable {
  private enum CodingKeys: String, CodingKey {
    case id, text, isDeleted, modified, author, device, conflict, version, dots
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let id = try container.decode(String.self, forKey: .id)
    let isDeleted = try container.decode(Bool.self, forKey: .isDeleted)
    let version = try container.decode(VersionVector.self, forKey: .version)
    let dots = try container.decode([Dot].self, forKey: .dots)
    if isDeleted {
      self.init(
        id: id, text: "", isDeleted: true, modified: Note.tombstoneDate, author: "", device: nil,
        conflict: nil, version: version, dots: dots)
      return
    }
    self.init(
      id: id, text: try container.decode(String.self, forKey: .text), isDeleted: false,
      modified: try container.decode(Date.self, forKey: .modified),
      author: try container.decode(String.self, forKey: .author),
      device: try container.decodeIfPresent(String.self, forKey: .device),
      conflict: try container.decodeIfPresent(ConflictOrigin.self, forKey: .conflict),
      version: version, dots: dots)
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(isDeleted, forKey: .isDeleted)
    try container.encode(version, forKey: .version)
    try container.encode(dots, forKey: .dots)
    guard !isDeleted else { return }
    try container.encode(text, forKey: .text)
    try container.encode(modified, forKey: .modified)
    try container.encode(author, forKey: .author)
    try container.encodeIfPresent(device, forKey: .device)
    try container.encodeIfPresent(conflict, forKey: .conflict)
  }
}
