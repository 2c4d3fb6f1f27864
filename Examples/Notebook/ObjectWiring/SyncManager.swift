import Airframe
import NotebookStorage

/// The only writer: every change to a notebook, local or by sync, goes through here, is persisted,
/// refreshed in ``SyncStore`` and announced on ``changes``.
///
/// ```swift
/// let note = try await SyncManager.shared.add("buy milk", to: try NotebookRef("groceries"))
/// try await SyncManager.shared.sync()
/// ```
///
/// The initializer is private: a second manager would be a second write funnel, not a test
/// convenience. Tests reach it through ``shared`` and vary the boundary underneath (the
/// directories in `SyncConfig`, set per test with a scratch config).
///
/// Threading: `Sendable`; call from any task. File writes go through each directory's serial
/// runner; syncs run one at a time on ``SyncQueue``.
nonisolated final class SyncManager: Sendable {
  /// The one manager.
  static let shared = SyncManager()

  /// Posted after every write; a slow reader keeps only its newest 64 announcements.
  let changes = Announcements<NoteChange>()

  private init() {}

  /// The notebooks in the configured local directory, by name.
  func notebooks() throws(NotebookError) -> [NotebookRef] {
    try notebooks(in: SyncConfig.shared.localDirectory)
  }

  /// Reads `notebook` from disk into ``SyncStore`` and returns its live notes.
  @discardableResult
  func load(_ notebook: NotebookRef) throws(NotebookError) -> [Note] {
    let notes = try NoteStore.shared(for: notebook).read().notes
    SyncStore.shared.replace(notes, of: notebook)
    return notes.filter { !$0.isDeleted }
  }

  /// Adds a note and returns it once it is on disk: from then on it survives a crash.
  func add(_ text: String, to notebook: NotebookRef) async throws -> Note {
    try Self.check(text)
    let (account, device) = Self.writer()
    let id = NoteID.make()
    return try await write(notebook, .added(noteID: id)) { data in
      let note = Note(id: id, text: text, author: account, device: device, replica: data.replica)
      data.notes.append(note)
      return note
    }
  }

  /// Replaces the text of note `id`.
  func edit(_ id: String, in notebook: NotebookRef, text: String) async throws -> Note {
    try Self.check(text)
    let (account, device) = Self.writer()
    return try await write(notebook, .edited(noteID: id)) { data in
      let index = try Self.index(of: id, in: data.notes, notebook: notebook)
      data.notes[index] = try data.notes[index].edited(
        text, by: account, device: device, replica: data.replica)
      return data.notes[index]
    }
  }

  /// Deletes note `id`, leaving a tombstone so that sync deletes it on the other copies too.
  func delete(_ id: String, in notebook: NotebookRef) async throws {
    try await write(notebook, .deleted(noteID: id)) { data in
      let index = try Self.index(of: id, in: data.notes, notebook: notebook)
      data.notes[index] = try data.notes[index].deleted(replica: data.replica)
    }
  }

  /// Exchanges changes both ways with the configured remote directory, one notebook at a time.
  ///
  /// A notebook that fails (an unreadable file) is reported in the result; the others sync.
  func sync() async throws -> SyncReport {
    let config = SyncConfig.shared
    guard let remote = config.remoteDirectory else { throw NotebookError.noRemote }
    try NotebookFiles.checkRemote(remote, local: config.localDirectory)
    return try await SyncQueue.sharedInstance.run {
      var report = SyncReport(remote: remote)
      let names = Set(try notebooks(in: config.localDirectory).map(\.name))
        .union(try notebooks(in: remote).map(\.name))
      for name in names.sorted() {
        let local = try NotebookRef(name, in: config.localDirectory)
        do {
          try await sync(local, with: local.moved(to: remote), into: &report)
        } catch let error as NotebookError {
          report.failures.append(SyncReport.Failure(notebook: name, error: error))
        }
      }
      return report
    }
  }

  private func sync(
    _ local: NotebookRef, with remote: NotebookRef, into report: inout SyncReport
  ) async throws {
    // Local first: its file is written last, so an interrupted sync never leaves this copy
    // believing the remote has seen an edit that it has not.
    let (outcome, notes) = try await NoteStore.update(
      NoteStore.shared(for: local), NoteStore.shared(for: remote)
    ) { localData, remoteData in
      // Each file re-keys itself when it finds it is a copy (NoteStore); this catches two files
      // that cannot tell, such as a copy whose recorded origin was copied along by hand.
      if remoteData.replica == localData.replica { remoteData.replica = NoteID.make() }
      let outcome = SyncMerge.merge(local: &localData.notes, remote: &remoteData.notes)
      return (outcome, localData.notes)
    }
    SyncStore.shared.replace(notes, of: local)
    report.notebooks.append(local.name)
    report.sent += outcome.sent
    report.received += outcome.received
    report.conflicts += outcome.conflicts.map { (local.name, $0) }
    if outcome.received > 0 || !outcome.conflicts.isEmpty {
      changes.post(NoteChange(notebook: local, kind: .synced))
    }
  }

  /// The one write path: change the file, refresh the model, then announce.
  private func write<R>(
    _ notebook: NotebookRef, _ change: NoteChange.Kind,
    _ body: (inout NotebookData) throws -> R
  ) async throws -> R {
    let (result, notes) = try await NoteStore.shared(for: notebook).update { data in
      (try body(&data), data.notes)
    }
    SyncStore.shared.replace(notes, of: notebook)
    changes.post(NoteChange(notebook: notebook, kind: change))
    return result
  }

  private func notebooks(in directory: String) throws(NotebookError) -> [NotebookRef] {
    let suffix = NotebookRef.fileSuffix
    return try FileIO.entries(of: directory)
      .filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }
      .compactMap { try? NotebookRef(String($0.dropLast(suffix.count)), in: directory) }
      .sorted { $0.name < $1.name }
  }

  /// Who is writing: the account, and the machine when the host can say.
  private static func writer() -> (account: String, device: String?) {
    let config = SyncConfig.shared
    return (config.account, config.deviceName?())
  }

  private static func check(_ text: String) throws(NotebookError) {
    guard !text.isEmpty else { throw .emptyText }
    guard text.utf8.count <= NotebookLimits.maximumTextBytes else {
      throw .textTooLong(bytes: text.utf8.count)
    }
  }

  private static func index(of id: String, in notes: [Note], notebook: NotebookRef)
    throws(NotebookError) -> Int
  {
    guard let index = notes.firstIndex(where: { $0.id == id && !$0.isDeleted }) else {
      throw .noSuchNote(id: id, notebook: notebook.name)
    }
    return index
  }
}
