import Foundation
import Testing

@testable import NapkinToolKit

/// What `napkin fix` cannot write safely it refuses with a reason, and what it wrote it does not
/// write again.
struct FixRefusalTests {
  @Test func aVariadicMethodIsNotForwardedButNamedWithTheReason() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.write(
      "App.swift",
      """
      import Napkin

      final class AComponent: EmptyComponent, @unchecked Sendable {
        func log(_ parts: String...) {}
        var b: BComponent { BComponent(dependency: self) }
      }
      nonisolated protocol BDependency: Dependency {}
      nonisolated extension AComponent: BDependency {}
      final class BComponent: Component<any BDependency>, @unchecked Sendable {
        var c: CComponent { CComponent(dependency: self) }
      }
      nonisolated protocol CDependency: Dependency {
        func log(_ parts: String...)
      }
      nonisolated extension BComponent: CDependency {}
      final class CComponent: Component<any CDependency>, @unchecked Sendable {}

      """)
    let before = try String(contentsOfFile: file, encoding: .utf8)
    let (status, console) = run("fix", "--no-verify", scratch.path)
    #expect(status == .findings)
    #expect(console.errors.contains("`parts` is variadic"), "\(console.errors)")
    #expect(try String(contentsOfFile: file, encoding: .utf8) == before)
    let finding = try #require(Analysis.findings(scratch.path).first)
    #expect(finding.fix.contains("by hand"), "\(finding.fix)")
  }

  @Test func anEdgeFileOfARawIdentifierStaysInTheFolderOrIsRefused() throws {
    let scratch = try ScratchFolder()
    try scratch.write(
      "App/Root.swift",
      """
      import Napkin

      final class `Up/../../Escaped Component`: EmptyComponent, @unchecked Sendable {
        var player: PlayerComponent { PlayerComponent(dependency: self) }
      }
      final class `☃ ☃`: EmptyComponent, @unchecked Sendable {
        var player: PlayerComponent { PlayerComponent(dependency: self) }
      }
      nonisolated protocol PlayerDependency: Dependency {}
      final class PlayerComponent: Component<any PlayerDependency>, @unchecked Sendable {}

      """)
    let (status, console) = run("fix", "--no-verify", scratch.path + "/App")
    #expect(status == .findings)
    let written = try FileManager.default.subpathsOfDirectory(atPath: scratch.path).sorted()
    #expect(
      written == ["App", "App/Root.swift", "App/Up_.._.._Escaped Component+Player.swift"],
      "\(written)")
    #expect(console.errors.contains("no safe file name"), "\(console.errors)")
  }

  @Test func aSecondRunOverTheSameFileListIsANoOp() throws {
    let scratch = try ScratchFolder()
    try FileManager.default.copyItem(
      atPath: Paths.fixture("Corpus/CallSiteEdgeUnconformed"), toPath: scratch.path + "/App")
    let files = FixtureCompiler.swiftFiles(in: scratch.path + "/App")
    let (first, firstConsole) = run(["fix", "--no-verify"] + files)
    #expect(first == .success, "\(firstConsole.errors)")
    #expect(FixtureCompiler.swiftFiles(in: scratch.path + "/App").count > files.count)
    let (second, secondConsole) = run(["fix", "--no-verify"] + files)
    #expect(second == .success, "\(secondConsole.errors)")
    #expect(secondConsole.output.hasPrefix("Nothing to fix"), "\(secondConsole.output)")
  }

  @Test func whatFixWouldWriteIsParsedFirst() throws {
    let read = SourceLoader.ReadSource(
      bytes: [], status: try BoundedFile.readWithStatus(#filePath, limit: 1 << 20).status)
    let broken = FixedFile(
      path: "Broken.swift", original: read, bytes: Array("extension A { var x: }".utf8),
      reports: [])
    #expect(throws: UsageError.self) {
      try SourceFixer.checkSyntax(fixed: [broken], created: [])
    }
  }
}
