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

  /// Locks that another process holds, and remotes that are the local data under another name.
  @Suite struct LockTests {
    /// `machine`'s config with lock waits short enough for a test, noticed into `log`.
    func quickWaits(_ machine: Machine, log: Log<String>, giveUpAfter: Duration) -> SyncConfig {
      var config = machine.config
      config.lockWait = LockWait(
        noticeAfter: .milliseconds(20), giveUpAfter: giveUpAfter, notice: log.append)
      return config
    }

    @Test func aHeldLockIsNamedWithItsHolderAndTheWaitGivesUpChangingNothing() async throws {
      try await withMachine { machine in
        let notebook = try NotebookRef("held", in: machine.directory)
        let held = try HeldLock(notebook.lockFile)
        let log = Log<String>()
        let config = quickWaits(machine, log: log, giveUpAfter: .milliseconds(300))
        _ = await SyncConfig.global.withScratchValue(config) {
          await #expect {
            try await SyncManager.shared.add("blocked", to: notebook)
          } throws: { error in
            guard case .lockTimeout(let path, let holder, _) = error as? NotebookError else {
              return false
            }
            let message = (error as? NotebookError)?.description ?? ""
            return path == notebook.lockFile && holder == getpid()
              && message.contains("held by process \(getpid())")
          }
        }
        #expect(log.values.count == 1)
        #expect(log.values.first?.contains("waiting for the lock \(notebook.lockFile)") == true)
        #expect(log.values.first?.contains("held by process \(getpid())") == true)
        #expect(!FileManager.default.fileExists(atPath: notebook.file))
        held.release()
      }
    }

    @Test func aCommandWaitingForALockFinishesOnceItIsReleasedAndLeavesItsThreadMeanwhile()
      async throws
    {
      try await withMachine { machine in
        let notebook = try NotebookRef("later", in: machine.directory)
        let held = try HeldLock(notebook.lockFile)
        let log = Log<String>()
        let config = quickWaits(machine, log: log, giveUpAfter: .seconds(60))
        // The waiting command and the release share one thread, as tasks do in a cooperative
        // pool whose other threads are busy: a wait that slept its thread would keep the release
        // from ever running, and the command would give up.
        let executor = OneThreadExecutor()
        defer { executor.stop() }
        let adding = Task(executorPreference: executor) {
          try await SyncConfig.global.withScratchValue(config) {
            try await SyncManager.shared.add("after the wait", to: notebook).id
          }
        }
        let releasing = Task(executorPreference: executor) {
          while log.values.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
          held.release()
        }
        try await releasing.value
        let id = try await adding.value
        let notes = try await machine.run { try SyncManager.shared.load(notebook) }
        #expect(notes.map(\.id) == [id])
      }
    }

    @Test func theProgramSaysWhichProcessHoldsTheLockWhileItWaits() throws {
      let directory = try makeTemporaryDirectory()
      defer { try? FileManager.default.removeItem(atPath: directory) }
      let held = try HeldLock(directory + "/.work.lock")
      let started = try NotebookProcess.start(["--dir", directory, "add", "work", "patient"])
      // A command that waits silently would block the read below for good.
      let watchdog = started.0.killIfRunning(after: .seconds(120))
      defer { watchdog.cancel() }
      // The notice comes while the command still waits; then the lock is released.
      var notice = ""
      while !notice.contains("\n") {
        let chunk = started.stderr.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        notice += String(decoding: chunk, as: UTF8.self)
      }
      held.release()
      let result = NotebookProcess.finish(started)
      #expect(
        notice.contains("waiting for the lock \(directory)/.work.lock, held by process \(getpid())")
      )
      #expect(result.status == 0)
      #expect(result.lines.last?.count == 12)
    }

    @Test func aRemoteThatIsTheLocalDirectoryUnderAnotherPathIsRefused() async throws {
      try await withMachine { machine in
        try await machine.run {
          _ = try await SyncManager.shared.add("here", to: try NotebookRef("a"))
        }
        var config = machine.config
        // Another spelling of the same directory, as a bind mount would give.
        config.remoteDirectory =
          machine.directory + "/../" + (machine.directory as NSString).lastPathComponent
        _ = await SyncConfig.global.withScratchValue(config) {
          await #expect(throws: NotebookError.remoteIsLocal(config.remoteDirectory!)) {
            try await SyncManager.shared.sync()
          }
        }
      }
    }

    @Test func aRemoteLockFileThatIsTheLocalOneIsRefusedInsteadOfDeadlocking() async throws {
      try await withMachines(2) { machines, _ in
        let (local, remote) = (machines[0], machines[1])
        let notebook = try await local.run {
          let notebook = try NotebookRef("shared")
          _ = try await SyncManager.shared.add("text", to: notebook)
          return notebook
        }
        try FileManager.default.createDirectory(
          atPath: remote.directory, withIntermediateDirectories: true)
        let remoteLock = notebook.moved(to: remote.directory).lockFile
        // A hard link: the same file under the remote's lock path.
        #expect(link(notebook.lockFile, remoteLock) == 0)
        let report = try await local.sync(with: remote)
        let failure = try #require(report.failures.first)
        #expect(failure.error.description.contains("are the same file (same device and inode)"))
        #expect(failure.error.description.contains(remoteLock))
      }
    }
  }
#endif
