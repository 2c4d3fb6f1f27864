/// A notebook: a validated name inside a data directory. The key of per-notebook shared instances.
///
/// ```swift
/// let work = try NotebookRef("work", in: "/home/ada/.notebook")
/// let store = NoteStore.shared(for: work)
/// ```
///
/// The name is checked before any path is built, so no name reaches outside the directory.
package nonisolated struct NotebookRef: Hashable, Sendable, CustomStringConvertible {
  /// The longest accepted name, in bytes; far below any file system's limit once suffixes are added.
  package static let maximumNameLength = 64
  /// The suffix of a notebook's data file.
  package static let fileSuffix = ".notes.json"

  package let name: String
  package let directory: String

  /// A notebook called `name` in `directory`.
  ///
  /// - Throws: ``NotebookError/invalidName(_:reason:)`` when `name` is empty, too long, or uses a
  ///   character other than ASCII letters, digits, `-`, `_` and `.` (starting with a letter or
  ///   digit): this refuses `../x`, `/etc/passwd`, `.hidden` and a NUL byte.
  package init(_ name: String, in directory: String) throws(NotebookError) {
    try Self.validate(name)
    self.name = name
    self.directory = directory
  }

  /// The same notebook in another directory (the remote's copy).
  package func moved(to otherDirectory: String) -> NotebookRef {
    // The name was validated already.
    NotebookRef(validatedName: name, directory: otherDirectory)
  }

  private init(validatedName: String, directory: String) {
    self.name = validatedName
    self.directory = directory
  }

  package var description: String { name }

  /// The notebook's data file.
  package var file: String { "\(directory)/\(name)\(Self.fileSuffix)" }
  /// Locked (flock) around every read-modify-write of ``file`` by any process.
  package var lockFile: String { "\(directory)/.\(name).lock" }
  /// The prefix of temporary files written before the atomic rename onto ``file``.
  ///
  /// `~` cannot occur in a notebook name, so no notebook's prefix starts another notebook's: the
  /// cleanup of one notebook's leftovers never deletes another's write in flight.
  package var temporaryPrefix: String { ".\(name)~tmp-" }
  /// Where the file as format 1 left it is kept before it is first rewritten in format 2.
  package var formatOneBackup: String { "\(directory)/.\(name)~format-1.notes.json" }

  package static func validate(_ name: String) throws(NotebookError) {
    if name.isEmpty {
      throw .invalidName(name, reason: "a notebook name can't be empty")
    }
    if name.utf8.count > maximumNameLength {
      throw .invalidName(
        name, reason: "it is \(name.utf8.count) bytes long; use at most \(maximumNameLength)")
    }
    for scalar in name.unicodeScalars where !isAllowed(scalar) {
      throw .invalidName(
        name,
        reason: "it contains \(String(scalar).debugDescription), which a notebook name can't use")
    }
    if let first = name.unicodeScalars.first, !isAlphanumeric(first) {
      throw .invalidName(name, reason: "it must start with a letter or a digit")
    }
  }

  private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
  }

  private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    isAlphanumeric(scalar) || scalar == "-" || scalar == "_" || scalar == "."
  }
}
