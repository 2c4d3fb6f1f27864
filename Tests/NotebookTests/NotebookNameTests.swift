import Foundation
import NotebookStorage
import Testing

@testable import Notebook

// Child processes: only where Foundation.Process exists.
#if os(macOS) || os(Linux) || os(Windows)

  @Suite struct NotebookNameTests {
    static let hostileNames = [
      "../x", "/etc/passwd", "", "a\0b", String(repeating: "a", count: 65), ".hidden", "..", ".",
      "a/b", "-rf", "notes\n", "caf\u{e9}", "a b",
    ]

    @Test(arguments: hostileNames)
    func aHostileNameIsRefusedWithAClearMessage(name: String) {
      #expect {
        try NotebookRef(name, in: "/data")
      } throws: { error in
        guard case .invalidName(let refused, let reason) = error as? NotebookError else {
          return false
        }
        let message = (error as? NotebookError)?.description ?? ""
        return refused == name && !reason.isEmpty && message.contains("invalid notebook name")
          && message.contains("Use 1 to 64 ASCII letters")
      }
    }

    @Test(arguments: ["work", "a", "Notes_2024", "v1.2-final", String(repeating: "n", count: 64)])
    func anOrdinaryNameStaysInsideTheDirectory(name: String) throws {
      let notebook = try NotebookRef(name, in: "/data")
      #expect(notebook.file == "/data/\(name).notes.json")
      #expect(notebook.lockFile == "/data/.\(name).lock")
    }

    @Test func aNulByteIsShownEscapedInTheMessage() {
      let message = NotebookError.invalidName("a\0b", reason: "r").description
      #expect(message.contains(#""a\u{0}b""#))
    }

    @Test func theCommandRefusesHostileNamesAndWritesNothing() throws {
      let root = try makeTemporaryDirectory()
      defer { try? FileManager.default.removeItem(atPath: root) }
      let data = root + "/data"
      for name in ["../escaped", "/tmp/escaped", "", String(repeating: "x", count: 300)] {
        let result = try NotebookProcess.run(["--dir", data, "add", name, "text"])
        #expect(result.status == 1)
        #expect(result.error.contains("invalid notebook name"))
        #expect(result.output.isEmpty)
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: root).isEmpty)
      #expect(!FileManager.default.fileExists(atPath: "/tmp/escaped.notes.json"))
    }
  }
#endif
