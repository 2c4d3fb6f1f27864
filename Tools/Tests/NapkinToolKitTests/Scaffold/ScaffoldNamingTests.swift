import Foundation
import SwiftParser
import Testing

@testable import NapkinToolKit

/// Where `napkin new` writes without `--into`, the names it refuses, and what it leaves when it
/// refuses: nothing.
struct ScaffoldNamingTests {
  private static let parent = """
    import Napkin

    final class TaskListComponent: EmptyComponent, @unchecked Sendable {}

    """

  @Test(
    "A name whose generated types are Napkin's own is refused",
    arguments: [
      ("Empty", "EmptyDependency, EmptyComponent"),
      ("Launch", "LaunchRouting, LaunchRouter"),
      ("Viewable", "ViewableRouting, ViewableRouter"),
      ("Presentable", "PresentableInteractor"),
    ])
  func aNameThatShadowsNapkinIsRefused(_ name: String, _ clashes: String) throws {
    let app = try ScratchFolder()
    try app.write("TaskList/TaskListComponent.swift", Self.parent)
    let (status, console) = run("new", name, "--parent", "TaskList", "--into", app.path)
    #expect(status == .usage)
    #expect(console.errors.contains("would declare \(clashes), which Napkin already declares"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: app.path) == ["TaskList"])
  }

  @Test func theListOfNapkinTypesMatchesTheLibrary() throws {
    let library = Paths.repository.appendingPathComponent("Sources/Napkin").path
    let finder = PublicTypeFinder()
    let files = try #require(FileManager.default.enumerator(atPath: library))
    for case let file as String in files where file.hasSuffix(".swift") {
      let source = try String(contentsOfFile: library + "/" + file, encoding: .utf8)
      finder.walk(Parser.parse(source: source))
    }
    #expect(finder.names == NapkinPublicTypes.names)
  }

  @Test func aFailedWriteLeavesNoFolderBehind() throws {
    let app = try ScratchFolder()
    try app.write("App/TaskList/TaskListComponent.swift", Self.parent)
    // The tests folder is a file: the last writes fail after the napkin's folder was made.
    let blocker = try app.write("NotAFolder", "")
    let (status, console) = run(
      "new", "Badge", "--parent", "TaskList", "--into", app.path + "/App", "--tests", blocker)
    #expect(status == .inputProblem)
    #expect(console.errors.contains("nothing was written"))
    #expect(!app.exists("App/Badge"))
    #expect(!app.exists("App/TaskList/TaskListComponent+Badge.swift"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: app.path + "/App") == ["TaskList"])
  }

  @Test func withoutIntoTheNapkinGoesBesideItsParentInsideTheTarget() throws {
    let package = try ScratchFolder()
    try package.write("Package.swift", "// swift-tools-version: 6.2\n")
    try package.write("Sources/MyApp/TaskList/TaskListComponent.swift", Self.parent)
    try package.write("Tests/MyAppTests/Placeholder.swift", "import Testing\n")
    let result = try NapkinProcess.run(["new", "Badge", "--parent", "TaskList"], in: package.path)
    #expect(result.status == 0, "\(result.errors)")
    #expect(package.exists("Sources/MyApp/Badge/BadgeComponent.swift"))
    #expect(package.exists("Sources/MyApp/TaskList/TaskListComponent+Badge.swift"))
    #expect(package.exists("Tests/MyAppTests/Badge/BadgeNapkinTests.swift"))
    #expect(!package.exists("Badge"))
    #expect(result.output.contains("Badge is in Sources/MyApp/Badge (module MyApp)"))
    let test = try String(
      contentsOfFile: package.path + "/Tests/MyAppTests/Badge/BadgeNapkinTests.swift",
      encoding: .utf8)
    #expect(test.contains("@testable import MyApp\n"))
  }

  @Test func aParentFileOutsideAFolderOfItsOwnGetsTheNapkinInsideItsFolder() throws {
    let package = try ScratchFolder()
    try package.write("Package.swift", "// swift-tools-version: 6.2\n")
    try package.write("Sources/MyApp/TaskListComponent.swift", Self.parent)
    let result = try NapkinProcess.run(["new", "Badge", "--parent", "TaskList"], in: package.path)
    #expect(result.status == 0, "\(result.errors)")
    #expect(package.exists("Sources/MyApp/Badge/BadgeComponent.swift"))
    #expect(package.exists("Sources/MyApp/TaskListComponent+Badge.swift"))
  }

  @Test func theViewReportsInputToItsInteractorThroughAWeakListener() {
    let templates = NapkinTemplates(name: "Badge", parent: "TaskList")
    let view = Analysis.facts(templates.view)
    let interactor = Analysis.facts(templates.interactor)
    #expect(view.protocols.map(\.name).contains("BadgePresentableListener"))
    #expect(templates.view.contains("  weak var listener: (any BadgePresentableListener)?\n"))
    #expect(templates.view.contains("    listener?.didRequestClose()\n"))
    let badgeInteractor = interactor.classes.first { $0.name == "BadgeInteractor" }
    #expect(badgeInteractor?.conformances.contains("BadgePresentableListener") == true)
    #expect(templates.interactor.contains("    presenter.listener = self\n"))
    #expect(templates.builder.contains("BadgeInteractor(presenter: view)"))
  }
}
