import Foundation
import Testing

@testable import NapkinToolKit

/// Bad input gets a clear message, and the rest is still analysed.
struct InputProblemTests {
  private static let goodComponent = """
    final class GoodComponent: EmptyComponent {
      var count = 0
    }
    """

  @Test func aMissingPathIsReportedAndTheOtherPathsAreAnalysed() throws {
    let scratch = try ScratchFolder()
    let good = try scratch.write("Good.swift", Self.goodComponent)
    let missing = scratch.path + "/Nowhere"
    let result = Analysis.wiring(missing, good)
    #expect(result.problems.map(\.location) == [missing])
    #expect(result.problems.first?.message.contains("no such file or directory") == true)
    #expect(result.wiring.component(named: "GoodComponent") != nil)
  }

  @Test func anEmptyFolderSaysThereAreNoSwiftFiles() throws {
    let scratch = try ScratchFolder()
    try scratch.write("README.md", "not Swift")
    let result = Analysis.wiring(scratch.path)
    #expect(result.problems.count == 1)
    #expect(result.problems.first?.message.hasPrefix("no Swift files here") == true)
  }

  @Test func aSyntaxErrorIsReportedWithItsPlaceAndTheFileIsStillAnalysed() throws {
    let scratch = try ScratchFolder()
    let broken = try scratch.write(
      "Broken.swift",
      """
      final class BrokenComponent: EmptyComponent {
        var count = 0
        func ( {
      }
      """)
    try scratch.write("Good.swift", Self.goodComponent)
    let result = Analysis.wiring(scratch.path)
    let problem = try #require(result.problems.first)
    #expect(problem.location.hasPrefix(broken + ":3:"))
    #expect(problem.message.hasPrefix("syntax error: "))
    let findings = Linter.findings(in: result.wiring).map(\.message)
    #expect(findings.contains { $0.contains("`var count` in BrokenComponent") })
    #expect(findings.contains { $0.contains("`var count` in GoodComponent") })
  }

  @Test func aLinkInsideAFolderIsReportedAndNotFollowed() throws {
    let scratch = try ScratchFolder()
    try scratch.write("Good.swift", Self.goodComponent)
    let outside = try ScratchFolder()
    let target = try outside.write(
      "Planted.swift", "final class PlantedComponent: EmptyComponent {}\n")
    let link = scratch.path + "/Planted.swift"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let dangling = scratch.path + "/Gone.swift"
    try FileManager.default.createSymbolicLink(
      atPath: dangling, withDestinationPath: scratch.path + "/missing.swift")
    let result = Analysis.wiring(scratch.path)
    #expect(result.problems.map(\.location) == [dangling, link])
    #expect(
      result.problems.allSatisfy {
        $0.message.hasPrefix("symbolic link inside a folder, not followed")
      })
    #expect(result.wiring.component(named: "PlantedComponent") == nil)
    #expect(result.wiring.component(named: "GoodComponent") != nil)
  }

  @Test func aLinkThePathNamesIsRead() throws {
    let outside = try ScratchFolder()
    let target = try outside.write("Real.swift", Self.goodComponent)
    let scratch = try ScratchFolder()
    let link = scratch.path + "/Named.swift"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let result = Analysis.wiring(link)
    #expect(result.problems.isEmpty)
    #expect(result.wiring.component(named: "GoodComponent") != nil)
  }

  /// Opening a FIFO for reading waits for a writer forever; only regular files are opened.
  @Test func aFIFONamedLikeASwiftFileIsReportedWithoutWaiting() throws {
    let scratch = try ScratchFolder()
    try scratch.write("Clean.swift", "final class CleanComponent: EmptyComponent {}\n")
    let fifo = scratch.path + "/Pipe.swift"
    #expect(mkfifo(fifo, 0o600) == 0)
    let result = try NapkinProcess.run(["lint", scratch.path])
    #expect(!result.timedOut)
    #expect(result.status == 3)
    #expect(result.errors.contains("\(fifo): error: not a regular file"))
  }

  @Test func aFileThatIsNotUTF8IsReported() throws {
    let scratch = try ScratchFolder()
    let latin1 = try scratch.write("Latin1.swift", data: Data([0x2F, 0x2F, 0x20, 0xE9, 0x0A]))
    let result = Analysis.wiring(scratch.path)
    #expect(
      result.problems == [
        InputProblem(location: latin1, message: "not UTF-8 text; save it as UTF-8")
      ])
  }

  @Test func hiddenFoldersAndBuildFoldersAreSkipped() throws {
    let scratch = try ScratchFolder()
    try scratch.write(".build/checkouts/Other.swift", "final class Other: EmptyComponent {}")
    try scratch.write("Sources/Mine.swift", "final class Mine: EmptyComponent {}")
    let result = Analysis.wiring(scratch.path)
    #expect(result.wiring.components.map(\.name) == ["Mine"])
  }

  @Test func aFileThatIsNotSwiftIsReportedInsteadOfParsed() throws {
    let scratch = try ScratchFolder()
    let notes = try scratch.write("notes.md", "# Notes\n")
    let result = Analysis.wiring(notes)
    #expect(result.problems.map(\.location) == [notes])
    #expect(result.problems.first?.message.hasPrefix("not a .swift file") == true)
    #expect(result.wiring.files.isEmpty)
  }
}

/// A file's memory is bounded: SwiftParser needs about 55 bytes per byte of source.
struct FileSizeLimitTests {
  @Test func aSourceFileOverEightMiBIsReportedNotParsed() throws {
    let scratch = try ScratchFolder()
    let line = "let x = 1 // " + String(repeating: "-", count: 100) + "\n"
    let big = String(repeating: line, count: (8 << 20) / line.utf8.count + 1)
    try scratch.write("Big.swift", big)
    try scratch.write("Small.swift", "final class A: EmptyComponent {}\n")
    let result = Analysis.wiring(scratch.path)
    #expect(result.problems.count == 1)
    #expect(result.problems.first?.description.contains("larger than 8 MiB") == true)
    #expect(result.wiring.component(named: "A") != nil)
  }
}
