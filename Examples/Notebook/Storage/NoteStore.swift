import Airframe

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
nonisolated final class NoteStore: Sendable {
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

  /// Every note in the file, tombstones included; an empty notebook under a new replica id when
  /// the file does not exist yet. A format 1 file is migrated in memory.
  func read() throws(NotebookError) -> NotebookData {
    try readFile().data
  }

  /// Whether anything is at the notebook's path (a link or a FIFO too: reading it says why not).
  var exists: Bool {
    FileIO.exists(notebook.file)
  }

  /// Reads the notes, lets `body` change them, and writes them back if they changed, atomically
  /// and with no other writer in between.
  func update<R>(_ body: (inout NotebookData) throws -> R) async throws -> R {
    let wait = SyncConfig.shared.lockWait
    return try await runner.run {
      try FileIO.createDirectory(notebook.directory)
      return try await FileLock.withExclusiveLocks([notebook.lockFile], wait: wait) {
        try lockedUpdate(body)
      }
    }
  }

  /// Like ``update(_:)`` for two notebooks at once (a local one and its remote copy), holding both
  /// locks; the locks are taken in path order, so two syncs never deadlock, and two lock paths
  /// that are one file are refused.
  static func update<R>(
    _ first: NoteStore, _ second: NoteStore,
    _ body: (inout NotebookData, inout NotebookData) throws -> R
  ) async throws -> R {
    let wait = SyncConfig.shared.lockWait
    return try await first.runner.run {
      try await second.runner.run {
        try FileIO.createDirectory(first.notebook.directory)
        try FileIO.createDirectory(second.notebook.directory)
        let locks = [first.notebook.lockFile, second.notebook.lockFile]
        return try await FileLock.withExclusiveLocks(locks, wait: wait) {
          // The second store's file is written first, the first's last.
          try first.lockedUpdate { firstData in
            try second.lockedUpdate { secondData in try body(&firstData, &secondData) }
          }
        }
      }
    }
  }

  /// The file's notes; `isCopy` when the file is not the one its contents were written to.
  private func readFile() throws(NotebookError) -> (
    data: NotebookData, old: [UInt8]?, isCopy: Bool
  ) {
    guard let (bytes, identity) = try FileIO.readWithIdentity(notebook.file) else {
      return (.empty(), nil, false)
    }
    let decoded = try NotebookFile.decode(bytes, path: notebook.file)
    return (
      decoded.data, decoded.format < NotebookFile.currentFormat ? bytes : nil,
      decoded.origin != FileOrigin(identity)
    )
  }

  /// The read-modify-write; the caller holds the notebook's lock.
  private func lockedUpdate<R>(_ body: (inout NotebookData) throws -> R) throws -> R {
    FileIO.removeTemporaries(prefix: notebook.temporaryPrefix, in: notebook.directory)
    let (original, oldFormat, isCopy) = try readFile()
    var data = original
    // A copied file (or one whose origin is unknown) still counts edits under the replica id of
    // the file it was copied from, which goes on counting too: two different edits would get one
    // dot, and a merge would take one for the other. A new id before any edit is counted here
    // makes every later edit of this copy its own. See Notebook.docc/SyncDesign.md.
    if isCopy { data.replica = NoteID.make() }
    let result = try body(&data)
    if data != original {
      if let (noteID, reason) = NoteValidation.problem(in: data.notes) {
        throw NotebookError.invalidNote(
          path: notebook.file, noteID: noteID, reason: reason, writing: true)
      }
      // The first rewrite of a format 1 file keeps the old file aside: a Notebook that reads only
      // format 1 can still be pointed at it, and nothing the old file held is lost.
      if let oldFormat, !FileIO.exists(notebook.formatOneBackup) {
        try FileIO.writeAtomically(
          oldFormat, to: notebook.formatOneBackup, temporaryPrefix: notebook.temporaryPrefix,
          in: notebook.directory)
      }
      try FileIO.writeAtomically(
        to: notebook.file, temporaryPrefix: notebook.temporaryPrefix, in: notebook.directory
      ) { identity throws(NotebookError) in
        let bytes = NotebookFile.encode(data, origin: FileOrigin(identity))
        if bytes.count > NotebookLimits.maximumFileBytes {
          var tombstones = data
          tombstones.notes.removeAll { !$0.isDeleted }
          throw .notebookWouldBeTooLarge(
            path: notebook.file, bytes: bytes.count,
            tombstoneBytes: NotebookFile.encode(tombstones).count)
        }
        return bytes
      }
    }
    return result
  }
}
