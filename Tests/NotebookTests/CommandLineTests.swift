import BuiltProducts
import Foundation
import NotebookStorage
import Testing

@testable import Notebook

// Child processes: only where Foundation.Process exists.
#if os(macOS) || os(Linux) || os(Windows)

  /// How the program reports what went wrong outside the notebooks themselves.
  @Suite struct CommandLineTests {
    @Test func lostOutputIsAFailureAndSaysSo() throws {
      let directory = try makeTemporaryDirectory()
      defer { try? FileManager.default.removeItem(atPath: directory) }
      try NotebookProcess.run(["--dir", directory, "add", "work", "visible"])
      let run = try BuiltProduct.run(
        URL(fileURLWithPath: try NotebookProcess.requireExecutable()),
        arguments: ["--dir", directory, "list"], output: .full)
      #expect(run.status == 1)
      #expect(run.standardError.contains("could not write the output: No space left on device"))
    }

    @Test(
      .enabled(
        if: !NotebookProcess.isThreadSanitized,
        "ThreadSanitizer's runtime cannot start under the file size limit this test sets"))
    func aFullDiskNamesTheNotebookAndKeepsItsNotes() throws {
      let directory = try makeTemporaryDirectory()
      defer { try? FileManager.default.removeItem(atPath: directory) }
      try NotebookProcess.run(["--dir", directory, "add", "big", "small"])
      // A file size limit makes the write fail as a full disk would (EFBIG instead of ENOSPC).
      let limited = #"trap '' XFSZ; ulimit -f 2; exec "$0" "$@""#
      let result = try NotebookProcess.run(
        ["--dir", directory, "add", "big", String(repeating: "x", count: 8_000)], bytes: nil,
        shell: limited)
      #expect(result.status == 1)
      #expect(result.error.contains("cannot write \(directory)/big.notes.json: "))
      #expect(!result.error.contains("~tmp-"))
      let listed = try NotebookProcess.run(["--dir", directory, "list", "big"])
      #expect(listed.lines == ["big (1 note)", listed.lines[1]])
      #expect(listed.output.contains("small"))
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory)
        .filter { $0.contains("~tmp-") }
      #expect(leftovers.isEmpty)
    }

    @Test func textThatIsNotUTF8IsRefusedNotAltered() throws {
      let directory = try makeTemporaryDirectory()
      defer { try? FileManager.default.removeItem(atPath: directory) }
      let piped = try NotebookProcess.run(
        ["--dir", directory, "add", "raw"], bytes: Data([0x61, 0xFF, 0xFE, 0x62]))
      #expect(piped.status == 1)
      #expect(piped.error.contains("the text on standard input is not valid UTF-8"))
      let argument = try NotebookProcess.run(
        ["--dir", directory], bytes: nil,
        shell: #"exec "$0" "$1" "$2" add raw "$(printf 'a\377b')""#)
      #expect(argument.status == 64)
      #expect(argument.error.contains("argument 5 is not valid UTF-8"))
      #expect(!FileManager.default.fileExists(atPath: directory + "/raw.notes.json"))
    }

    @Test(arguments: [
      ["frobnicate"], ["--verbose", "list"], ["show", "work"], ["sync", "extra"],
    ])
    func usageErrorsExitWithEXUSAGE(arguments: [String]) throws {
      let result = try NotebookProcess.run(arguments)
      #expect(result.status == 64)
      #expect(!result.error.isEmpty)
    }
  }
#endif
