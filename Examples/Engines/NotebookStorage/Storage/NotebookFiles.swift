/// Reads and changes notebook files: under a lock file that every process respects, with crash-safe
/// writes, copies of a file told apart, and every change validated before it is written.
///
/// ```swift
/// let data = try NotebookFiles.read(try NotebookRef("work"))
/// ```
///
/// Threading: stateless. Writes of one notebook run one at a time across processes (`flock` on
/// the notebook's lock file); reads take no lock, since a rename replaces the file atomically.
/// A process that writes from several tasks serializes its own writes too (Notebook's
/// `NoteStore` runs them on its directory's serial runner).
package nonisolated enum NotebookFiles {
  /// Refuses a sync with `remote` from `local`: a remote that is the local directory (by device
  /// and inode, not by path: a bind mount or a link is the same directory), or one that does not
  /// exist (a mistyped path must not become a new, empty copy reported as a successful sync).
  package static func checkRemote(_ remote: String, local: String) throws(NotebookError) {
    let identity = FileIO.identity(of: remote)
    if remote == local || (identity != nil && identity == FileIO.identity(of: local)) {
      throw .remoteIsLocal(remote)
    }
    guard identity != nil else { throw .remoteMissing(remote) }
  }

  /// Every note in the file, tombstones included; an empty notebook under a new replica id when
  /// the file does not exist yet. A format 1 file is migrated in memory.
  package static func read(_ notebook: NotebookRef) throws(NotebookError) -> NotebookData {
    try readFile(notebook).data
  }

  /// Reads the notes, lets `body` change them, and writes them back if they changed, atomically
  /// and with no other writer in between; waits for another process's lock as `wait` says.
  package static func update<R>(
    _ notebook: NotebookRef, wait: LockWait, _ body: (inout NotebookData) throws -> R
  ) async throws -> R {
    try FileIO.createDirectory(notebook.directory)
    return try await FileLock.withExclusiveLocks([notebook.lockFile], wait: wait) {
      try lockedUpdate(notebook, body)
    }
  }

  /// Like ``update(_:wait:_:)`` for two notebooks at once (a local one and its remote copy),
  /// holding both locks; the locks are taken in path order, so two syncs never deadlock, and two
  /// lock paths that are one file are refused. The second file is written first, the first last.
  package static func update<R>(
    _ first: NotebookRef, _ second: NotebookRef, wait: LockWait,
    _ body: (inout NotebookData, inout NotebookData) throws -> R
  ) async throws -> R {
    try FileIO.createDirectory(first.directory)
    try FileIO.createDirectory(second.directory)
    let locks = [first.lockFile, second.lockFile]
    return try await FileLock.withExclusiveLocks(locks, wait: wait) {
      try lockedUpdate(first) { firstData in
        try lockedUpdate(second) { secondData in try body(&firstData, &secondData) }
      }
    }
  }

  /// The file's notes; `isCopy` when the file is not the one its contents were written to, or
  /// has other names: a file hard-linked into another folder is two notebooks that would each
  /// count their edits under one replica id.
  private static func readFile(_ notebook: NotebookRef) throws(NotebookError) -> (
    data: NotebookData, old: [UInt8]?, isCopy: Bool
  ) {
    guard let (bytes, identity, facts) = try FileIO.readWithIdentity(notebook.file) else {
      return (.empty(), nil, false)
    }
    let decoded = try NotebookFile.decode(bytes, path: notebook.file)
    return (
      decoded.data, decoded.format < NotebookFile.currentFormat ? bytes : nil,
      facts.links > 1 || decoded.origin != FileOrigin(identity, stamp: facts.stamp)
    )
  }

  /// The read-modify-write; the caller holds the notebook's lock.
  private static func lockedUpdate<R>(
    _ notebook: NotebookRef, _ body: (inout NotebookData) throws -> R
  ) throws -> R {
    FileIO.removeTemporaries(prefix: notebook.temporaryPrefix, in: notebook.directory)
    let (original, oldFormat, isCopy) = try readFile(notebook)
    var data = original
    // A copied file (or one whose origin is unknown) still counts edits under the replica id of
    // the file it was copied from, which goes on counting too: two different edits would get one
    // dot, and a merge would take one for the other. A new id before any edit is counted here
    // makes every later edit of this copy its own. See NotebookStorage.docc/SyncDesign.md.
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
      ) { identity, stamp throws(NotebookError) in
        let bytes = NotebookFile.encode(data, origin: FileOrigin(identity, stamp: stamp))
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
