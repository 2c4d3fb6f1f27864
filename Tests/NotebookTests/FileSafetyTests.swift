import Foundation
import NotebookStorage
import Testing

@testable import Notebook

// Child processes: only where Foundation.Process exists.
#if os(macOS) || os(Linux) || os(Windows)

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// Files planted in the data directories to turn Notebook against its user.
  @Suite struct FileSafetyTests {
    @Test func aSymlinkPlantedInTheRemoteIsRefusedAndNothingBehindItIsMerged() throws {
      let root = try makeTemporaryDirectory()
      defer { try? FileManager.default.removeItem(atPath: root) }
      try NotebookProcess.run(["--dir", root + "/elsewhere", "add", "secret", "the secret"])
      try NotebookProcess.run(["--dir", root + "/local", "add", "mine", "my note"])
      try FileManager.default.createDirectory(
        atPath: root + "/remote", withIntermediateDirectories: true)
      let planted = root + "/remote/shared.notes.json"
      try FileManager.default.createSymbolicLink(
        atPath: planted, withDestinationPath: root + "/elsewhere/secret.notes.json")

      let sync = try NotebookProcess.run([
        "--dir", root + "/local", "--remote", root + "/remote", "sync",
      ])
      #expect(sync.status == 1)
      #expect(sync.error.contains("refused \(planted): it is a symbolic link"))
      // The notebook beside it still synced; the link is still a link, and no secret came in.
      #expect(FileManager.default.fileExists(atPath: root + "/remote/mine.notes.json"))
      #expect(
        try FileManager.default.destinationOfSymbolicLink(atPath: planted)
          == root + "/elsewhere/secret.notes.json")
      #expect(!FileManager.default.fileExists(atPath: root + "/local/shared.notes.json"))
      let listed = try NotebookProcess.run(["--dir", root + "/local", "list"])
      #expect(!listed.output.contains("the secret"))
    }

    @Test(arguments: ["local", "remote"])
    func aDanglingSymlinkAtALockPathNeverCreatesItsTarget(side: String) throws {
      let root = try makeTemporaryDirectory()
      defer { try? FileManager.default.removeItem(atPath: root) }
      for directory in ["local", "remote"] {
        try FileManager.default.createDirectory(
          atPath: "\(root)/\(directory)", withIntermediateDirectories: true)
      }
      try NotebookProcess.run(["--dir", root + "/remote", "add", "work", "there"])
      let lock = "\(root)/\(side)/.work.lock"
      try? FileManager.default.removeItem(atPath: lock)
      let target = root + "/created-by-notebook"
      try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: target)

      let command = side == "local" ? ["add", "work", "here"] : ["sync"]
      let result = try NotebookProcess.run(
        ["--dir", root + "/local", "--remote", root + "/remote"] + command)
      #expect(result.status == 1)
      #expect(result.error.contains("refused \(lock): it is a symbolic link"))
      #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func aFIFOInPlaceOfANotebookIsRefusedInsteadOfWaitedOn() throws {
      let root = try makeTemporaryDirectory()
      defer { try? FileManager.default.removeItem(atPath: root) }
      try NotebookProcess.run(["--dir", root + "/remote", "add", "fine", "synced"])
      let fifo = root + "/remote/x.notes.json"
      #expect(mkfifo(fifo, 0o600) == 0)
      let arguments = ["--dir", root + "/remote"]
      for command in [["list", "x"], ["list"], ["add", "x", "more"]] {
        let result = try NotebookProcess.run(arguments + command)
        #expect(result.reason == .exit, "\(command) waited on the FIFO")
        #expect(result.status == 1)
        #expect(
          result.error.contains("refused \(fifo): it is a FIFO (named pipe), not a regular file"))
      }
      let sync = try NotebookProcess.run([
        "--dir", root + "/local", "--remote", root + "/remote", "sync",
      ])
      #expect(sync.reason == .exit)
      #expect(sync.error.contains("x was not synced: refused \(fifo)"))
      #expect(sync.output.contains("1 received"))
    }

    @Test func aSymlinkToAnEndlessDeviceIsRefusedWithoutReadingIt() throws {
      let root = try makeTemporaryDirectory()
      defer { try? FileManager.default.removeItem(atPath: root) }
      try FileManager.default.createDirectory(
        atPath: root + "/remote", withIntermediateDirectories: true)
      let planted = root + "/remote/zero.notes.json"
      try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: "/dev/zero")
      let sync = try NotebookProcess.run([
        "--dir", root + "/local", "--remote", root + "/remote", "sync",
      ])
      #expect(sync.reason == .exit)
      #expect(sync.status == 1)
      #expect(sync.error.contains("refused \(planted): it is a symbolic link"))
    }

    @Test func aDeviceFileIsRefusedAsNotRegular() {
      #expect(throws: NotebookError.notRegularFile(path: "/dev/zero", kind: "a character device")) {
        try FileIO.readIfPresent("/dev/zero")
      }
    }

    @Test func aFileOverTheSizeLimitIsRefusedByName() async throws {
      try await withMachine { machine in
        try await machine.run {
          let huge = try NotebookRef("huge")
          try FileIO.createDirectory(machine.directory)
          let descriptor = open(huge.file, O_WRONLY | O_CREAT, 0o600)
          // Sparse: one byte over the limit costs no disk space.
          #expect(ftruncate(descriptor, off_t(NotebookLimits.maximumFileBytes + 1)) == 0)
          close(descriptor)
          #expect(throws: NotebookError.fileTooLarge(path: huge.file, bytes: (64 << 20) + 1)) {
            try SyncManager.shared.load(huge)
          }
          let message = NotebookError.fileTooLarge(path: huge.file, bytes: 1).description
          #expect(message.contains(huge.file) && message.contains("64 MiB"))
        }
      }
    }

    @Test func aWriteOverTheSizeLimitIsRefusedAndLeavesTheFileAsItWas() async throws {
      try await withMachine { machine in
        try await machine.run {
          let notebook = try NotebookRef("full")
          _ = try await SyncManager.shared.add("kept", to: notebook)
          let before = try Data(contentsOf: URL(fileURLWithPath: notebook.file))
          let tooMuch = [UInt8](repeating: 0x20, count: NotebookLimits.maximumFileBytes + 1)
          #expect(
            throws: NotebookError.notebookWouldBeTooLarge(path: notebook.file, bytes: tooMuch.count)
          ) {
            try FileIO.writeAtomically(
              tooMuch, to: notebook.file, temporaryPrefix: notebook.temporaryPrefix,
              in: machine.directory)
          }
          #expect(try Data(contentsOf: URL(fileURLWithPath: notebook.file)) == before)
        }
      }
    }

    @Test func aNoteOverTheTextLimitIsRefused() async throws {
      try await withMachine { machine in
        try await machine.run {
          let text = String(repeating: "x", count: NotebookLimits.maximumTextBytes + 1)
          await #expect(throws: NotebookError.textTooLong(bytes: text.utf8.count)) {
            try await SyncManager.shared.add(text, to: try NotebookRef("long"))
          }
          let piped = try NotebookProcess.run(
            ["--dir", machine.directory, "add", "long"], input: text + text)
          #expect(piped.status == 1)
          #expect(piped.error.contains("a note holds at most 1 MiB"))
        }
      }
    }
  }
#endif
