import Foundation
import Testing

@testable import NapkinToolKit

/// `napkin fix` writes what lint reports (the missing pass-through, the isolation words) and the
/// restated conformance, changes nothing else, and a second run finds nothing to do.
struct FixTests {
  /// A fixture whose `Found` folder `fix` must turn into its `NotFound` folder, byte for byte.
  struct Case: Sendable, CustomTestStringConvertible {
    var folder: String
    /// What `fix` says, one line per fix, after the scratch folder's path.
    var reports: [String]

    var testDescription: String { folder }
  }

  static let cases = [
    Case(
      folder: "DependencyNotNonisolated",
      reports: ["/BadgeComponent.swift:3:10: wrote `nonisolated protocol BadgeDependency`"]),
    Case(
      folder: "BuilderEdgeNotMainActor",
      reports: ["/AppComponent+Badge.swift:4:7: wrote `@MainActor` on `badgeBuilder`"]),
    Case(
      folder: "ComponentExtensionNotNonisolated",
      reports: ["/AppComponent+Badge.swift:3:11: wrote `nonisolated extension AppComponent`"]),
    Case(
      folder: "ComponentNotRestatingSendable",
      reports: [
        "/AppComponent.swift:6:13: restated `@unchecked Sendable` on AppComponent",
        "/BadgeComponent.swift:6:13: restated `@unchecked Sendable` on BadgeComponent",
      ]),
  ]

  @Test(arguments: cases)
  func fixWritesWhatTheCleanFixtureHolds(_ fixture: Case) throws {
    let scratch = try ScratchFolder()
    let files = try copy(fixture.folder + "/Found", into: scratch)
    let (status, console) = run("fix", scratch.path)
    #expect(status == .success, "\(console.errors)")
    #expect(console.output == fixture.reports.map { scratch.path + $0 + "\n" }.joined())
    for file in files {
      let fixed = try String(contentsOfFile: scratch.path + "/" + file, encoding: .utf8)
      let clean = try String(
        contentsOfFile: Paths.fixture(fixture.folder + "/NotFound/" + file), encoding: .utf8)
      #expect(fixed == clean, "\(file)")
    }
    try expectNothingLeft(in: scratch, files: files.count)
  }

  @Test func fixWritesTheMissingPassThroughItsRequirementAndTheRestatedConformances() throws {
    let scratch = try ScratchFolder()
    let files = try copy("MissingPassThrough/Found", into: scratch)
    let (status, console) = run("fix", scratch.path)
    #expect(status == .success, "\(console.errors)")
    #expect(
      console.output.contains(
        "/HomeComponent+Player.swift:4:23: added `var playbackEngine: PlaybackEngine { "
          + "dependency.playbackEngine }` to HomeComponent and its requirement to HomeDependency "
          + "(PlayerComponent needs it; RootComponent provides it)\n"
      ))
    // The fixture's components do not restate `@unchecked Sendable`; the rest is the clean
    // fixture, byte for byte.
    let restated = [
      "HomeComponent.swift": (
        "final class HomeComponent: Component<any HomeDependency> {}",
        "final class HomeComponent: Component<any HomeDependency>, @unchecked Sendable {}"
      ),
      "PlayerComponent.swift": (
        "final class PlayerComponent: Component<any PlayerDependency> {}",
        "final class PlayerComponent: Component<any PlayerDependency>, @unchecked Sendable {}"
      ),
      "RootComponent.swift": (
        "final class RootComponent: EmptyComponent, HomeDependency {",
        "final class RootComponent: EmptyComponent, HomeDependency, @unchecked Sendable {"
      ),
    ]
    for file in files {
      let fixed = try String(contentsOfFile: scratch.path + "/" + file, encoding: .utf8)
      var clean = try String(
        contentsOfFile: Paths.fixture("MissingPassThrough/NotFound/" + file), encoding: .utf8)
      if let (before, after) = restated[file] {
        #expect(clean.contains(before))
        clean = clean.replacingOccurrences(of: before, with: after)
      }
      #expect(fixed == clean, "\(file)")
    }
    try expectNothingLeft(in: scratch, files: files.count)
  }

  @Test func aMainActorExtensionBecomesNonisolatedAndItsBuildersKeepTheMainActor() throws {
    let scratch = try ScratchFolder()
    try scratch.write(
      "BadgeComponent.swift",
      """
      import Napkin

      nonisolated protocol BadgeDependency: Dependency {
        var userName: String { get }
      }

      final class BadgeComponent: Component<any BadgeDependency>, @unchecked Sendable {}

      final class AppComponent: EmptyComponent, @unchecked Sendable {}

      """)
    try scratch.write(
      "AppComponent+Badge.swift",
      """
      import Napkin

      // The edge to Badge: what it reads, and its builder.
      @MainActor
      extension AppComponent: BadgeDependency {
        var userName: String { "Ada" }  // until sign-in exists

        var badgeBuilder: any BadgeBuildable {
          BadgeBuilder(dependency: self)
        }
      }

      """)
    let (status, console) = run("fix", scratch.path)
    #expect(status == .success, "\(console.errors)")
    #expect(
      console.output
        == scratch.path + "/AppComponent+Badge.swift:5:11: wrote `nonisolated extension "
        + "AppComponent` in place of `@MainActor`, and `@MainActor` on `badgeBuilder`\n")
    let fixed = try String(
      contentsOfFile: scratch.path + "/AppComponent+Badge.swift", encoding: .utf8)
    #expect(
      fixed == """
        import Napkin

        // The edge to Badge: what it reads, and its builder.
        nonisolated extension AppComponent: BadgeDependency {
          var userName: String { "Ada" }  // until sign-in exists

          @MainActor var badgeBuilder: any BadgeBuildable {
            BadgeBuilder(dependency: self)
          }
        }

        """)
    try expectNothingLeft(in: scratch, files: 2)
  }

  @Test func twoMissingPassThroughsOfOneParentAreBothWrittenInTheOrderTheChildAsks() throws {
    let scratch = try ScratchFolder()
    try scratch.write(
      "Tree.swift",
      """
      import Napkin

      nonisolated protocol HomeDependency: Dependency {}

      nonisolated protocol PlayerDependency: Dependency {
        var clock: any Clock { get }
        var engine: Engine { get }
      }

      final class RootComponent: EmptyComponent, HomeDependency, @unchecked Sendable {
        var clock: any Clock { shared { SystemClock() } }
        var engine: Engine { shared { Engine() } }
      }

      final class HomeComponent: Component<any HomeDependency>, PlayerDependency,
        @unchecked Sendable
      {}

      final class PlayerComponent: Component<any PlayerDependency>, @unchecked Sendable {}

      """)
    let (status, console) = run("fix", scratch.path)
    #expect(status == .success, "\(console.errors)")
    let fixed = try String(contentsOfFile: scratch.path + "/Tree.swift", encoding: .utf8)
    #expect(
      fixed == """
        import Napkin

        nonisolated protocol HomeDependency: Dependency {
          var clock: any Clock { get }
          var engine: Engine { get }
        }

        nonisolated protocol PlayerDependency: Dependency {
          var clock: any Clock { get }
          var engine: Engine { get }
        }

        final class RootComponent: EmptyComponent, HomeDependency, @unchecked Sendable {
          var clock: any Clock { shared { SystemClock() } }
          var engine: Engine { shared { Engine() } }
        }

        final class HomeComponent: Component<any HomeDependency>, PlayerDependency,
          @unchecked Sendable
        {
          var clock: any Clock { dependency.clock }
          var engine: Engine { dependency.engine }
        }

        final class PlayerComponent: Component<any PlayerDependency>, @unchecked Sendable {}

        """)
    try expectNothingLeft(in: scratch, files: 1)
  }

  @Test func aRestatedConformanceOnAWrappedHeaderGoesOnALineOfItsOwnAboveTheBrace() throws {
    let scratch = try ScratchFolder()
    let header =
      "final class HomeComponent: Component<any HomeDependency>, ProfileDependency, "
      + "SettingsDependency"
    try scratch.write(
      "HomeComponent.swift",
      """
      nonisolated protocol HomeDependency: Dependency {}

      \(header)
      {
        let title = "Home"
      }

      final class RootComponent: EmptyComponent, HomeDependency, @unchecked Sendable {}

      """)
    #expect(run("fix", scratch.path).0 == .success)
    let fixed = try String(contentsOfFile: scratch.path + "/HomeComponent.swift", encoding: .utf8)
    #expect(
      fixed == """
        nonisolated protocol HomeDependency: Dependency {}

        \(header),
          @unchecked Sendable
        {
          let title = "Home"
        }

        final class RootComponent: EmptyComponent, HomeDependency, @unchecked Sendable {}

        """)
    try expectNothingLeft(in: scratch, files: 1)
  }

  @Test func fixChangesNothingWhenSomeInputCannotBeRead() throws {
    let scratch = try ScratchFolder()
    _ = try copy("MissingPassThrough/Found", into: scratch)
    let (status, console) = run("fix", scratch.path, "/no/such/file.swift")
    #expect(status == .inputProblem)
    #expect(console.errors.contains("nothing was changed"))
    let home = try String(contentsOfFile: scratch.path + "/HomeComponent.swift", encoding: .utf8)
    #expect(!home.contains("playbackEngine"))
    #expect(!home.contains("Sendable"))
  }

  @Test func aFileThatIsALinkIsNotFixedAndWhatItPointsToStaysAsItWas() throws {
    let scratch = try ScratchFolder()
    let outside = try ScratchFolder()
    let target = try outside.write(
      "BadgeComponent.swift",
      try String(
        contentsOfFile: Paths.fixture("DependencyNotNonisolated/Found/BadgeComponent.swift"),
        encoding: .utf8))
    let kept = try String(contentsOfFile: target, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path + "/BadgeComponent.swift", withDestinationPath: target)
    // Named as a PATH, the link is read (the user's choice), but never written through.
    let (status, console) = run("fix", scratch.path + "/BadgeComponent.swift")
    #expect(status == .inputProblem, "\(console.output)")
    #expect(console.errors.contains("a symbolic link, which fix never writes through"))
    #expect(try String(contentsOfFile: target, encoding: .utf8) == kept)
  }

  /// Copies the fixture folder's files into `scratch` and returns their names.
  private func copy(_ fixture: String, into scratch: ScratchFolder) throws -> [String] {
    let folder = Paths.fixture(fixture)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    for file in files {
      try scratch.write(file, try String(contentsOfFile: folder + "/" + file, encoding: .utf8))
    }
    return files
  }

  /// Lint finds nothing in `scratch`, the restated conformance included, a second `fix` finds
  /// nothing to do, and `fix` left no file of its own behind.
  private func expectNothingLeft(
    in scratch: ScratchFolder,
    files: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let wiring = Analysis.wiring(scratch.path).wiring
    #expect(Linter.findings(in: wiring).isEmpty, sourceLocation: sourceLocation)
    #expect(
      ComponentNotRestatingSendableRule().check(LintContext(wiring)).isEmpty,
      sourceLocation: sourceLocation)
    let (again, second) = run("fix", scratch.path)
    #expect(again == .success, sourceLocation: sourceLocation)
    #expect(second.output == "Nothing to fix in \(files) files.\n", sourceLocation: sourceLocation)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: scratch.path).count == files,
      sourceLocation: sourceLocation)
  }
}
