import Foundation
import NotebookStorage
import Testing

@testable import Notebook

// Child processes: only where Foundation.Process exists.
#if os(macOS) || os(Linux) || os(Windows)

  /// Temporary files of one notebook's writes, beside every other notebook's.
  @Suite struct TemporaryNameTests {
    static let neighbours = ["a", "a.notes.json.tmp-x", "a.notes.json", "a.b", "a-", "a_", "a~tmp"]
      .filter { (try? NotebookRef.validate($0)) != nil }

    @Test func noNotebooksTemporaryPrefixStartsAnotherNotebooksTemporaryNames() throws {
      for first in Self.neighbours {
        for second in Self.neighbours where first != second {
          let mine = try NotebookRef(first, in: "/d").temporaryPrefix
          let theirs = try NotebookRef(second, in: "/d").temporaryPrefix + "123-abc"
          #expect(!theirs.hasPrefix(mine), "\(first)'s cleanup would delete \(second)'s write")
        }
      }
    }

    @Test func aWriteToOneNotebookLeavesAnotherNotebooksWriteInFlightAlone() async throws {
      try await withMachine { machine in
        try await machine.run {
          let neighbour = try NotebookRef("a.notes.json.tmp-x")
          try FileIO.createDirectory(machine.directory)
          // The neighbour's write in flight, as another process would have it.
          let inFlight = "\(machine.directory)/\(neighbour.temporaryPrefix)\(getpid())-000000000001"
          #expect(FileManager.default.createFile(atPath: inFlight, contents: Data("x".utf8)))
          _ = try await SyncManager.shared.add("write", to: try NotebookRef("a"))
          #expect(FileManager.default.fileExists(atPath: inFlight))
        }
      }
    }

    @Test func concurrentAddsToNotebooksWithPrefixNamesAllSucceed() throws {
      let directory = try makeTemporaryDirectory()
      defer { try? FileManager.default.removeItem(atPath: directory) }
      let names = ["a", "a.notes.json.tmp-x"]
      for wave in 0..<5 {
        let started = try (0..<6).map { writer in
          try NotebookProcess.start([
            "--dir", directory, "add", names[writer % 2], "w\(wave)-\(writer)",
          ])
        }
        for process in started {
          let result = NotebookProcess.finish(process)
          #expect(result.status == 0, "\(result.error)")
        }
      }
      for name in names {
        let listed = try NotebookProcess.run(["--dir", directory, "list", name])
        #expect(listed.lines.first == "\(name) (15 notes)")
      }
    }
  }
#endif
