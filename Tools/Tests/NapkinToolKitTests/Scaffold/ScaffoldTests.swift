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

  @Test func newCreatesTheIntoFolderWhenItDoesNotExistYet() throws {
    let app = try ScratchFolder()
    try app.write("Sources/MyApp/Hub/HubComponent.swift", Self.parent)
    let into = app.path + "/Sources/MyApp/Features"
    let (status, console) = run("new", "Badge", "--parent", "Hub", "--into", into)
    #expect(status == .success, "\(console.errors)")
    #expect(app.exists("Sources/MyApp/Features/Badge/BadgeComponent.swift"))
    #expect(app.exists("Sources/MyApp/Hub/HubComponent+Badge.swift"))
  }

  @Test func newRefusesAnIntoPathThatIsAFile() throws {
    let app = try ScratchFolder()
    let file = try app.write("Hub.swift", Self.parent)
    let (status, console) = run("new", "Badge", "--parent", "Hub", "--into", file + "/Deeper")
    #expect(status == .inputProblem)
    #expect(console.errors.contains("\(file) is not a folder"))
  }

  @Test func everyPathNewPrintsIsRelativeToTheCurrentFolder() throws {
    let package = try ScratchFolder()
    try package.write("Package.swift", "// swift-tools-version: 6.2\n")
    try package.write("Sources/App/Hub/HubComponent.swift", Self.parent)
    try package.write("Tests/AppTests/Placeholder.swift", "import Testing\n")
    let result = try NapkinProcess.run(["new", "Badge", "--parent", "Hub"], in: package.path)
    #expect(result.status == 0, "\(result.errors)")
    let created = result.output.split(separator: "\n").filter { $0.hasPrefix("created ") }
    #expect(created.count == 8)
    #expect(created.contains("created Tests/AppTests/Badge/BadgeNapkinTests.swift"))
    #expect(created.contains("created Sources/App/Badge/BadgeComponent.swift"))
    #expect(result.output.contains("Badge is in Sources/App/Badge (module App)"))
  }

  @Test func theNextStepForALeafParentAddsTheBuilderToItsRouterInitAndItsBuilderCall() throws {
    let app = try ScratchFolder()
    try app.write("Hub/HubComponent.swift", Self.parent)
    #expect(run("new", "Leaf", "--parent", "Hub", "--into", app.path).0 == .success)
    let (status, console) = run("new", "Kid", "--parent", "Leaf", "--into", app.path)
    #expect(status == .success)
    let output = console.output
    #expect(output.contains("with\n    protocol LeafInteractable: Interactable, KidListener {\n"))
    #expect(output.contains("replace\n    override init(\n"))
    #expect(output.contains("with\n    init(\n"))
    #expect(
      output.contains(
        "kidBuilder: any KidBuildable\n      ) {\n        self.kidBuilder = kidBuilder\n"))
    #expect(output.contains("component: component, kidBuilder: component.kidBuilder)\n"))
    #expect(output.contains("add at the end of protocol LeafViewControllable:\n"))
    #expect(
      output.contains(
        "        attachChild(child)\n        viewController.present(child.viewControllable)\n"))
    #expect(!output.contains("component.kidBuilder.build"))
  }

  @Test func theNextStepSaysWhichOfTheParentsDeclarationsItCouldNotFind() throws {
    let app = try ScratchFolder()
    try app.write("Hub/HubComponent.swift", Self.parent)
    let (status, console) = run("new", "Badge", "--parent", "Hub", "--into", app.path)
    #expect(status == .success)
    #expect(
      console.output.contains("does not declare protocol HubInteractable, class HubInteractor"))
    #expect(console.output.contains("component.badgeBuilder to HubRouter"))
  }

  @Test func aWriteThatFailsPartWayLeavesNoFileAndNoFolderBehind() throws {
    let app = try ScratchFolder()
    try app.write("Hub/HubComponent.swift", Self.parent)
    let request = ScaffoldRequest(name: "Badge", parent: "Hub", directory: app.path + "/New")
    var writes = 0
    // A nearly full disk: the third file is created, then the write fails.
    let fullDisk: Scaffolder.Writer = { data, url in
      writes += 1
      guard writes < 3 else {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        throw CocoaError(.fileWriteOutOfSpace)
      }
      try data.write(to: url, options: .withoutOverwriting)
    }
    var console = RecordingConsole()
    #expect(Scaffolder.write(request, console: &console, writer: fullDisk) == .inputProblem)
    #expect(console.errors.contains("nothing was written"))
    #expect(!app.exists("New"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: app.path + "/Hub") == [
        "HubComponent.swift"
      ])
    // A retry finds nothing in the way.
    #expect(run("new", "Badge", "--parent", "Hub", "--into", app.path + "/New").0 == .success)
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

  @Test func anIntoFolderNestedInATargetIsTestedAsThatTarget() throws {
    let package = try ScratchFolder()
    try package.write("Package.swift", "// swift-tools-version: 6.2\n")
    try package.write("Examples/App/Napkins/Hub/HubComponent.swift", Self.parent)
    try package.write("Tests/AppTests/Placeholder.swift", "import Testing\n")
    let (status, console) = run(
      "new", "Badge", "--parent", "Hub", "--into", package.path + "/Examples/App/Napkins")
    #expect(status == .success, "\(console.errors)")
    #expect(package.exists("Examples/App/Napkins/Badge/BadgeComponent.swift"))
    let test = try String(
      contentsOfFile: package.path + "/Tests/AppTests/Badge/BadgeNapkinTests.swift",
      encoding: .utf8)
    #expect(test.contains("@testable import App\n"))
  }

  @Test func withoutATestFolderNewSaysNoTestWasWritten() throws {
    let app = try ScratchFolder()
    try app.write("Hub/HubComponent.swift", Self.parent)
    let (status, console) = run("new", "Badge", "--parent", "Hub", "--into", app.path)
    #expect(status == .success)
    #expect(console.output.contains("No test written: no Tests/<Module>Tests folder was found"))
  }
}
