import Foundation
import NotebookStorage
import Testing

@testable import Notebook

// Child processes: only where Foundation.Process exists.
#if os(macOS) || os(Linux) || os(Windows)

  /// The two histories that lost data before notes carried version vectors, on real files.
  @Suite struct SyncScenarioTests {
    @Test func anEditAfterTheOtherCopyReceivedTheNoteIsNotReverted() async throws {
      try await withMachines(2) { machines, _ in
        let (x, y) = (machines[0], machines[1])
        let notebook = "trip"
        let id = try await y.run {
          try await SyncManager.shared.add("pack", to: try NotebookRef(notebook)).id
        }
        _ = try await x.sync(with: y)
        try await y.run {
          _ = try await SyncManager.shared.edit(
            id, in: try NotebookRef(notebook), text: "pack twice")
        }
        let report = try await y.sync(with: x)
        #expect(report.conflicts.isEmpty)
        for machine in [x, y] {
          let notes = try await machine.run {
            try SyncManager.shared.load(try NotebookRef(notebook))
          }
          #expect(notes.map(\.text) == ["pack twice"])
        }
        // The same for a delete.
        try await y.run { try await SyncManager.shared.delete(id, in: try NotebookRef(notebook)) }
        #expect(try await y.sync(with: x).conflicts.isEmpty)
        for machine in [x, y] {
          #expect(
            try await machine.run { try SyncManager.shared.load(try NotebookRef(notebook)) }.isEmpty
          )
        }
      }
    }

    @Test func copiesInAChainConvergeOnBothEdits() async throws {
      try await withMachines(3) { machines, _ in
        let (a, b, c) = (machines[0], machines[1], machines[2])
        let id = try await a.run {
          try await SyncManager.shared.add("start", to: try NotebookRef("plan")).id
        }
        _ = try await a.sync(with: b)
        _ = try await b.sync(with: c)
        try await a.run {
          _ = try await SyncManager.shared.edit(id, in: try NotebookRef("plan"), text: "from a")
        }
        try await c.run {
          _ = try await SyncManager.shared.edit(id, in: try NotebookRef("plan"), text: "from c")
        }
        var conflicts = 0
        for _ in 0..<3 {
          conflicts += try await b.sync(with: a).conflicts.count
          conflicts += try await b.sync(with: c).conflicts.count
          let middle = try await b.run { try SyncManager.shared.load(try NotebookRef("plan")) }
          #expect(Set(middle.map(\.text)) == ["from a", "from c"])
        }
        #expect(conflicts == 1)
        for machine in [a, c] {
          let notes = try await machine.run { try SyncManager.shared.load(try NotebookRef("plan")) }
          #expect(Set(notes.map(\.text)) == ["from a", "from c"])
          #expect(notes.count == 2)
        }
      }
    }

    @Test func theCommandLineKeepsAnEditMadeAfterTheOtherCopyReceivedTheNote() throws {
      let root = try makeTemporaryDirectory()
      defer { try? FileManager.default.removeItem(atPath: root) }
      let x = ["--dir", root + "/x", "--remote", root + "/y"]
      let y = ["--dir", root + "/y", "--remote", root + "/x"]
      let id = try #require(try NotebookProcess.run(y + ["add", "work", "first"]).lines.last)
      #expect(try NotebookProcess.run(x + ["sync"]).status == 0)
      #expect(try NotebookProcess.run(y + ["edit", "work", id, "second"]).status == 0)
      let sync = try NotebookProcess.run(y + ["sync"])
      #expect(sync.status == 0)
      #expect(!sync.output.contains("Conflict"))
      for side in [x, y] {
        let listed = try NotebookProcess.run(side + ["list", "work"])
        #expect(listed.lines == ["work (1 note)", "  \(id)  second"])
      }
    }

    @Test func aCopyMadeByCopyingTheFileGetsItsOwnReplicaAtItsFirstSync() async throws {
      try await withMachines(2) { machines, _ in
        let (a, b) = (machines[0], machines[1])
        let id = try await a.run {
          try await SyncManager.shared.add("v1", to: try NotebookRef("cp")).id
        }
        try FileManager.default.createDirectory(
          atPath: b.directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
          atPath: a.directory + "/cp.notes.json", toPath: b.directory + "/cp.notes.json")
        // Both edit under the same replica id before they first sync: the edits share a dot.
        try await a.run {
          _ = try await SyncManager.shared.edit(id, in: try NotebookRef("cp"), text: "a")
        }
        try await b.run {
          _ = try await SyncManager.shared.edit(id, in: try NotebookRef("cp"), text: "b")
        }
        _ = try await a.sync(with: b)
        let replicas = try await [a, b].asyncMap { machine in
          try await machine.run { try NoteStore.shared(for: try NotebookRef("cp")).read().replica }
        }
        #expect(replicas[0] != replicas[1])
        let texts = try await a.run {
          try SyncManager.shared.load(try NotebookRef("cp")).map(\.text)
        }
        #expect(Set(texts) == ["a", "b"])
      }
    }
  }

  extension Array {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
      var result: [T] = []
      for element in self { result.append(try await transform(element)) }
      return result
    }
  }
#endif
