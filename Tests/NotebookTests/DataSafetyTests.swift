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

  @Suite struct DataSafetyTests {
    @Test func aCorruptFileIsNamedAndTheOtherNotebooksStayUsable() async throws {
      try await withMachine { machine in
        try await machine.run {
          let good = try NotebookRef("good")
          let broken = try NotebookRef("broken")
          _ = try await SyncManager.shared.add("safe", to: good)
          _ = try await SyncManager.shared.add("soon broken", to: broken)
          let garbage = Data("{\"format\": 1, \"notes\": [tr".utf8)
          try garbage.write(to: URL(fileURLWithPath: broken.file))

          #expect {
            try SyncManager.shared.load(broken)
          } throws: { error in
            (error as? NotebookError)?.description.contains(broken.file) == true
          }
          // A write to the corrupt notebook is refused and leaves the file as it was.
          await #expect(throws: NotebookError.self) {
            try await SyncManager.shared.add("more", to: broken)
          }
          #expect(try Data(contentsOf: URL(fileURLWithPath: broken.file)) == garbage)
          // The other notebook reads and writes as before.
          _ = try await SyncManager.shared.add("still fine", to: good)
          #expect(try SyncManager.shared.load(good).map(\.text) == ["safe", "still fine"])
        }
      }
    }

    @Test func anUnreadableFileIsNamedInTheError() async throws {
      try await withMachine { machine in
        try await machine.run {
          let blocked = try NotebookRef("blocked")
          // A directory where the file should be: unreadable even for root.
          try FileManager.default.createDirectory(
            atPath: blocked.file, withIntermediateDirectories: true)
          #expect {
            try SyncManager.shared.load(blocked)
          } throws: { error in
            let message = (error as? NotebookError)?.description ?? ""
            // A directory is not a permissions problem: the advice says what to do instead.
            return message.hasPrefix("refused \(blocked.file): it is a directory")
              && !message.contains("permissions")
          }
          _ = try await SyncManager.shared.add("fine", to: try NotebookRef("other"))
        }
      }
    }

    @Test func listingEverythingReportsTheCorruptFileAndListsTheRest() throws {
      let directory = try makeTemporaryDirectory()
      defer { try? FileManager.default.removeItem(atPath: directory) }
      try NotebookProcess.run(["--dir", directory, "add", "fine", "visible"])
      try Data("not json".utf8).write(to: URL(fileURLWithPath: directory + "/bad.notes.json"))
      let result = try NotebookProcess.run(["--dir", directory, "list"])
      #expect(result.status == 1)
      #expect(result.output.contains("visible"))
      #expect(result.error.contains(directory + "/bad.notes.json"))
      #expect(result.error.contains("not a readable notebook"))
    }

    @Test func concurrentWritesInOneProcessLoseNothing() async throws {
      try await withMachine { machine in
        try await machine.run {
          let notebook = try NotebookRef("busy")
          let ids = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<100 {
              group.addTask { try await SyncManager.shared.add("note \(index)", to: notebook).id }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
          }
          #expect(Set(try SyncManager.shared.load(notebook).map(\.id)) == ids)
        }
      }
    }

    @Test func concurrentWriterProcessesLoseNothing() throws {
      let directory = try makeTemporaryDirectory()
      defer { try? FileManager.default.removeItem(atPath: directory) }
      var printed: Set<String> = []
      for wave in 0..<4 {
        let started = try (0..<6).map { writer in
          try NotebookProcess.start(["--dir", directory, "add", "shared", "w\(wave)-\(writer)"])
        }
        for process in started {
          let result = NotebookProcess.finish(process)
          #expect(result.status == 0, "\(result.error)")
          if let id = result.lines.last { printed.insert(id) }
        }
      }
      #expect(printed.count == 24)
      let listed = try NotebookProcess.run(["--dir", directory, "list", "shared"]).output
      for id in printed {
        #expect(listed.contains(id))
      }
    }

    @Test func everyNoteWhoseAddReturnedSurvivesSIGKILL() throws {
      let directory = try makeTemporaryDirectory()
      defer { try? FileManager.default.removeItem(atPath: directory) }
      // The kill window starts at the time of one uninterrupted add and adapts: it widens after a
      // kill and narrows after a completed add, so kills keep landing before, during and after the
      // write whatever the machine's load.
      let clock = ContinuousClock()
      let baseline = try clock.measure {
        try NotebookProcess.run(["--dir", directory, "add", "crash", "baseline"])
      }
      var window = Double(max(1_000, baseline / .microseconds(1)))
      var confirmed: [String] = []
      var killed = 0
      var index = 0
      while index < 300 && (index < 60 || confirmed.count < 20 || killed < 20) {
        index += 1
        let started = try NotebookProcess.start([
          "--dir", directory, "add", "crash", "note \(index)",
        ])
        usleep(UInt32.random(in: 0...UInt32(min(window, 1_000_000))))
        #if os(Linux)
          // Refused once the child is reaped: the kill never reaches a reused pid.
          started.0.send(SIGKILL)
        #else
          if started.0.isRunning { kill(started.0.processIdentifier, SIGKILL) }
        #endif
        let result = NotebookProcess.finish(started)
        if result.reason == .uncaughtSignal {
          killed += 1
          window *= 1.1
        } else {
          window *= 0.9
        }
        // An id on the last line means add returned: the note must be on disk.
        if let id = result.lines.last, id.count == 12 { confirmed.append(id) }
      }
      #expect(!confirmed.isEmpty, "no add completed, so nothing was checked")
      #expect(killed > 0, "no add was killed, so nothing was checked")
      let listed = try NotebookProcess.run(["--dir", directory, "list", "crash"])
      #expect(listed.status == 0, "\(listed.error)")
      for id in confirmed {
        #expect(listed.output.contains(id), "note \(id) was confirmed but is missing")
      }
      // The next write clears what interrupted writes left behind.
      try NotebookProcess.run(["--dir", directory, "add", "crash", "after"])
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory)
        .filter { $0.contains("~tmp-") }
      #expect(leftovers.isEmpty)
    }
  }
#endif
