import Foundation
import NotebookStorage
import Testing

@testable import Notebook

/// Copies of a notebook Notebook did not make itself: no edit made on any of them may be lost.
@Suite struct NotebookCopyTests {
  @Test func aNotebookHardLinkedIntoAnotherFolderLosesNoEditAtSync() async throws {
    try await withMachines(2) { machines, _ in
      let (here, there) = (machines[0], machines[1])
      let work = try NotebookRef("work", in: here.directory)
      let linked = work.moved(to: there.directory)
      let note = try await here.run { try await SyncManager.shared.add("first", to: work) }
      try FileManager.default.createDirectory(
        atPath: there.directory, withIntermediateDirectories: true)
      #expect(link(work.file, linked.file) == 0)
      try await here.run {
        _ = try await SyncManager.shared.edit(note.id, in: work, text: "edited here")
      }
      try await there.run {
        _ = try await SyncManager.shared.edit(note.id, in: linked, text: "edited there")
      }
      _ = try await here.sync(with: there)
      for notebook in [work, linked] {
        let texts = try NoteStore.shared(for: notebook).read().notes.map(\.text).sorted()
        #expect(texts == ["edited here", "edited there"])
      }
    }
  }

  /// A backup copied back (`cp`) over a notebook whose inode the file system gave back to it: the
  /// copy then names the inode it is in. The reuse is made certain by writing the file's own
  /// inode into the backup, as the reuse would.
  @Test func aBackupCopiedBackOverAReusedInodeLosesNoEditAtSync() async throws {
    try await withMachines(2) { machines, _ in
      let (laptop, hub) = (machines[0], machines[1])
      let work = try NotebookRef("work", in: laptop.directory)
      let note = try await laptop.run { try await SyncManager.shared.add("first", to: work) }
      let backup = try [UInt8](Data(contentsOf: URL(fileURLWithPath: work.file)))
      try await laptop.run {
        _ = try await SyncManager.shared.edit(note.id, in: work, text: "after the backup")
      }
      _ = try await laptop.sync(with: hub)
      // Restore the backup in place, into the inode the file now has, a minute after it was
      // written (a copy's modification time is the time of the copy).
      let decoded = try NotebookFile.decode(backup, path: work.file)
      var origin = try #require(decoded.origin)
      let identity = try #require(FileIO.identity(of: work.file))
      origin.inode = identity.inode
      let restored = NotebookFile.encode(decoded.data, origin: origin)
      let handle = try #require(FileHandle(forUpdatingAtPath: work.file))
      try handle.truncate(atOffset: 0)
      try handle.write(contentsOf: restored)
      try handle.close()
      let later = Date(timeIntervalSince1970: TimeInterval(origin.stamp ?? 0) + 60)
      try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: work.file)
      #expect(FileIO.identity(of: work.file) == identity)

      try await laptop.run {
        _ = try await SyncManager.shared.edit(note.id, in: work, text: "after the restore")
      }
      _ = try await laptop.sync(with: hub)
      let texts = try NoteStore.shared(for: work.moved(to: hub.directory)).read().notes
        .map(\.text).sorted()
      #expect(texts.contains("after the restore"))
      #expect(texts.contains("after the backup"))
    }
  }

  @Test func aRemoteThatDoesNotExistIsAnErrorAndNothingIsCreated() async throws {
    try await withMachine { machine in
      let work = try NotebookRef("work", in: machine.directory)
      _ = try await machine.run { try await SyncManager.shared.add("first", to: work) }
      var config = machine.config
      let mistyped = machine.directory + "-remtoe"
      config.remoteDirectory = mistyped
      await #expect(throws: NotebookError.remoteMissing(mistyped)) {
        try await SyncConfig.global.withScratchValue(config) {
          _ = try await SyncManager.shared.sync()
        }
      }
      #expect(!FileManager.default.fileExists(atPath: mistyped))
      #expect(NotebookError.remoteMissing(mistyped).description.contains("mkdir -p \(mistyped)"))
    }
  }

  @Test func aWriteKeepsTheModeTheUserGaveTheFile() async throws {
    try await withMachine { machine in
      let work = try NotebookRef("work", in: machine.directory)
      _ = try await machine.run { try await SyncManager.shared.add("first", to: work) }
      try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: work.file)
      _ = try await machine.run { try await SyncManager.shared.add("second", to: work) }
      let mode = try FileManager.default.attributesOfItem(atPath: work.file)[.posixPermissions]
      #expect(mode as? Int == 0o640)
    }
  }
}
