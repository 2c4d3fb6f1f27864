import Airframe
import Foundation

/// One notebook's persistence: reads its file, and changes it under a lock that every process
/// respects, through the serial runner its directory shares with the other notebooks there.
///
/// ```swift
/// let store = NoteStore.shared(for: try NotebookRef("work"))
/// let notes = try store.read()
/// ```
///
/// Only ``SyncManager`` calls ``update(_:)``; read-only code goes to ``SyncStore``.
///
/// Threading: `Sendable`. Writes of one directory run one at a time in this process (the runner)
/// and one at a time across processes (`flock` on the notebook's lock file); reads take no lock,
/// since a rename replaces the file atomically.
final class NoteStore: Sendable {
  let notebook: NotebookRef
  let runner: SerialRunner

  /// A store of `notebook` writing through `runner`; ``shared(for:)`` gives the one the program
  /// uses, and a test may build its own.
  init(notebook: NotebookRef, runner: SerialRunner) {
    self.notebook = notebook
    self.runner = runner
  }

  /// The store of `notebook`, shared per notebook.
  static func shared(for notebook: NotebookRef) -> NoteStore {
    NotebookContext.all.shared(for: notebook).noteStore
  }

  /// Every note in the file, tombstones included; none when the file does not exist yet.
  func read() throws(NotebookError) -> [Note] {
    guard let bytes = try FileIO.readIfPresent(notebook.file) else { return [] }
    return try Self.decode(bytes, path: notebook.file)
  }

  /// Whether the notebook's file exists.
  var exists: Bool {
    FileManager.default.fileExists(atPath: notebook.file)
  }

  /// Reads the notes, lets `body` change them, and writes them back if they changed, atomically
  /// and with no other writer in between.
  func update<R>(_ body: (inout [Note]) throws -> R) async throws -> R {
    try await runner.run {
      try FileIO.createDirectory(notebook.directory)
      return try FileIO.withExclusiveLock(notebook.lockFile) {
        try lockedUpdate(body)
      }
    }
  }

  /// Like ``update(_:)`` for two notebooks at once (a local one and its remote copy), holding both
  /// locks; the locks are taken in path order, so two syncs never deadlock.
  static func update<R>(
    _ first: NoteStore, _ second: NoteStore, _ body: (inout [Note], inout [Note]) throws -> R
  ) async throws -> R {
    try await first.runner.run {
      try await second.runner.run {
        try FileIO.createDirectory(first.notebook.directory)
        try FileIO.createDirectory(second.notebook.directory)
        let (outer, inner) =
          first.notebook.lockFile < second.notebook.lockFile ? (first, second) : (second, first)
        return try FileIO.withExclusiveLock(outer.notebook.lockFile) {
          try FileIO.withExclusiveLock(inner.notebook.lockFile) {
            var result: R?
            try first.lockedUpdate { firstNotes in
              try second.lockedUpdate { secondNotes in
                result = try body(&firstNotes, &secondNotes)
              }
            }
            return result!
          }
        }
      }
    }
  }

  /// The read-modify-write; the caller holds the notebook's lock.
  private func lockedUpdate<R>(_ body: (inout [Note]) throws -> R) throws -> R {
    FileIO.removeTemporaries(prefix: notebook.temporaryPrefix, in: notebook.directory)
    let original = try read()
    var notes = original
    let result = try body(&notes)
    if notes != original {
      try FileIO.writeAtomically(
        Self.encode(notes), to: notebook.file, temporaryPrefix: notebook.temporaryPrefix,
        in: notebook.directory)
    }
    return result
  }

  private static func encode(_ notes: [Note]) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    // Encoding plain strings, dates and booleans cannot fail.
    return Array(try! encoder.encode(NotebookFile(notes: notes)))
  }

  private static func decode(_ bytes: [UInt8], path: String) throws(NotebookError) -> [Note] {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let file: NotebookFile
    do {
      file = try decoder.decode(NotebookFile.self, from: Data(bytes))
    } catch let error as DecodingError {
      throw .corruptFile(path: path, reason: Self.explain(error))
    } catch {
      throw .corruptFile(path: path, reason: "\(error)")
    }
    if file.format > NotebookFile.currentFormat {
      throw .corruptFile(
        path: path, reason: "it was written by a newer Notebook (format \(file.format))")
    }
    return file.notes
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
