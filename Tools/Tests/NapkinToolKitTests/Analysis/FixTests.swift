import Foundation
import Testing

@testable import NapkinToolKit

/// `napkin fix` writes the missing pass-through and its requirement, changes nothing else, and
/// a second run finds nothing to do.
struct FixTests {
  private static let files = [
    "RootComponent.swift", "HomeComponent.swift", "HomeComponent+Player.swift",
    "PlayerComponent.swift",
  ]

  @Test func fixWritesTheMissingPassThroughAndItsRequirement() throws {
    let scratch = try ScratchFolder()
    for file in Self.files {
      try scratch.write(
        file,
        try String(
          contentsOfFile: Paths.fixture("MissingPassThrough/Found/" + file), encoding: .utf8))
    }
    let (status, console) = run("fix", scratch.path)
    #expect(status == .success, "\(console.errors)")
    #expect(
      console.output.contains(
        "added `var playbackEngine: PlaybackEngine { dependency.playbackEngine }` to "
          + "HomeComponent and its requirement to HomeDependency"))
    // What it writes is what a person writes: the clean fixture, byte for byte.
    for file in Self.files {
      let fixed = try String(contentsOfFile: scratch.path + "/" + file, encoding: .utf8)
      let clean = try String(
        contentsOfFile: Paths.fixture("MissingPassThrough/NotFound/" + file), encoding: .utf8)
      #expect(fixed == clean, "\(file)")
    }
    #expect(Analysis.findings(scratch.path).isEmpty)
    let (again, second) = run("fix", scratch.path)
    #expect(again == .success)
    #expect(second.output == "Nothing to fix in 4 files.\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).count == 4)
  }

  @Test func fixChangesNothingWhenSomeInputCannotBeRead() throws {
    let scratch = try ScratchFolder()
    for file in Self.files {
      try scratch.write(
        file,
        try String(
          contentsOfFile: Paths.fixture("MissingPassThrough/Found/" + file), encoding: .utf8))
    }
    let (status, console) = run("fix", scratch.path, "/no/such/file.swift")
    #expect(status == .inputProblem)
    #expect(console.errors.contains("nothing was changed"))
    let home = try String(contentsOfFile: scratch.path + "/HomeComponent.swift", encoding: .utf8)
    #expect(!home.contains("playbackEngine"))
  }
}
