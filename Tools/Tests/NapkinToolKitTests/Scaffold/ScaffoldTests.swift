import Foundation
import Testing

@testable import NapkinToolKit

/// `napkin new` against a small app in a scratch folder.
struct ScaffoldTests {
  private static let parent = """
    import Napkin

    final class HubComponent: EmptyComponent, @unchecked Sendable {}

    """

  @Test func newWritesTheNapkinItsEdgeAndItsTest() throws {
    let app = try ScratchFolder()
    try app.write("App/Hub/HubComponent.swift", Self.parent)
    let (status, console) = run(
      "new", "Badge", "--parent", "Hub", "--into", app.path + "/App", "--tests",
      app.path + "/AppTests")
    #expect(status == .success)
    for file in [
      "App/Badge/BadgeComponent.swift", "App/Badge/BadgeBuilder.swift",
      "App/Badge/BadgeRouter.swift", "App/Badge/BadgeInteractor.swift",
      "App/Badge/BadgeView.swift",
      "App/Hub/HubComponent+Badge.swift", "AppTests/Badge/BadgeNapkinTests.swift",
      "AppTests/Support/BadgeFakes.swift",
    ] {
      #expect(app.exists(file), "\(file) was not written")
      #expect(console.output.contains("created \(app.path)/\(file)\n"))
    }
    let test = try String(
      contentsOfFile: app.path + "/AppTests/Badge/BadgeNapkinTests.swift", encoding: .utf8)
    #expect(test.contains("@testable import App\n"))
  }

  @Test func theWrittenNapkinHangsBelowItsParentAndLintsClean() throws {
    let app = try ScratchFolder()
    try app.write("Hub/HubComponent.swift", Self.parent)
    #expect(run("new", "Badge", "--parent", "Hub", "--into", app.path).0 == .success)
    let result = Analysis.wiring(app.path)
    #expect(result.problems == [])
    #expect(result.wiring.component(named: "BadgeComponent")?.parents == ["HubComponent"])
    #expect(result.wiring.component(named: "HubComponent")?.builderNames == ["badgeBuilder"])
    #expect(Linter.findings(in: result.wiring).isEmpty)
  }

  @Test func newWritesNothingWhenAFileIsInTheWay() throws {
    let app = try ScratchFolder()
    try app.write("Hub/HubComponent.swift", Self.parent)
    try app.write("Badge/BadgeView.swift", "// mine, keep it\n")
    let (status, console) = run("new", "Badge", "--parent", "Hub", "--into", app.path)
    #expect(status == .inputProblem)
    #expect(console.errors.contains("would overwrite \(app.path)/Badge/BadgeView.swift"))
    #expect(!app.exists("Badge/BadgeComponent.swift"))
    #expect(!app.exists("Hub/HubComponent+Badge.swift"))
    let kept = try String(contentsOfFile: app.path + "/Badge/BadgeView.swift", encoding: .utf8)
    #expect(kept == "// mine, keep it\n")
  }

  @Test func newNeedsTheParentComponentUnderTheFolder() throws {
    let app = try ScratchFolder()
    try app.write("Other.swift", "final class Other {}\n")
    let (status, console) = run("new", "Badge", "--parent", "Hub", "--into", app.path)
    #expect(status == .inputProblem)
    #expect(console.errors.contains("no component named HubComponent under \(app.path)"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: app.path) == ["Other.swift"])
  }

  @Test func newRefusesANameThatIsAlreadyAComponent() throws {
    let app = try ScratchFolder()
    try app.write("Hub/HubComponent.swift", Self.parent)
    try app.write("Elsewhere/Badge.swift", "final class BadgeComponent: EmptyComponent {}\n")
    let (status, console) = run("new", "Badge", "--parent", "Hub", "--into", app.path)
    #expect(status == .inputProblem)
    #expect(console.errors.contains("BadgeComponent already exists at"))
  }

  @Test func newNeedsAnExistingFolder() {
    let (status, console) = run("new", "Badge", "--parent", "Hub", "--into", "/no/such/app")
    #expect(status == .inputProblem)
    #expect(console.errors.contains("--into /no/such/app is not a folder"))
  }

  @Test func theTestGoesToThePackagesTestFolderOfTheModuleByDefault() throws {
    let package = try ScratchFolder()
    try package.write("Package.swift", "// swift-tools-version: 6.2\n")
    try package.write("Examples/App/Hub/HubComponent.swift", Self.parent)
    try package.write("Tests/AppTests/Placeholder.swift", "import Testing\n")
    let (status, console) = run(
      "new", "Badge", "--parent", "Hub", "--into", package.path + "/Examples/App")
    #expect(status == .success)
    #expect(package.exists("Tests/AppTests/Badge/BadgeNapkinTests.swift"))
    #expect(package.exists("Tests/AppTests/Support/BadgeFakes.swift"))
    #expect(!console.output.contains("No test written"))
  }

  @Test func withoutATestFolderNewSaysNoTestWasWritten() throws {
    let app = try ScratchFolder()
    try app.write("Hub/HubComponent.swift", Self.parent)
    let (status, console) = run("new", "Badge", "--parent", "Hub", "--into", app.path)
    #expect(status == .success)
    #expect(console.output.contains("No test written: no Tests/<Module>Tests folder was found"))
  }
}
