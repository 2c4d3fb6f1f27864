import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import NapkinToolKit

/// What `napkin new` writes compiles as written, with no warning, where it writes it: generated
/// from the root of a scratch copy of the root package, built with the Swift toolchain. Slow (a
/// full build of the package), so one build covers a napkin with a view, one without
/// (`--no-view`), one with the app's view protocol (`--view-protocol`), and the printed next
/// step applied to a parent with children (Home) and to a leaf parent.
struct ScaffoldBuildTests {
  /// The napkin units and the HomeNapkin example the generated code builds on and into.
  static let unitsExist = [
    "Sources/Napkin/Builder/Builder.swift", "Examples/HomeNapkin/ComponentTree/Home",
  ]
  .allSatisfy {
    FileManager.default.fileExists(atPath: Paths.repository.appendingPathComponent($0).path)
  }

  @Test(
    .enabled(
      if: unitsExist,
      "the napkin units or HomeNapkin's Home napkin are not in this checkout"),
    .timeLimit(.minutes(20)))
  func newNapkinsWithAViewWithoutOneAndWithTheAppsViewProtocolCompileInBothIsolationModes() throws {
    let scratch = try ScratchFolder()
    let package = try copyRootPackage(into: scratch)
    // Run as a user does, from the package root without --into: the napkin goes beside Home,
    // inside the HomeNapkin target (the root also holds a test's HomeComponent, which is skipped).
    let new = try NapkinProcess.run(["new", "ScaffoldTestBadge", "--parent", "Home"], in: package)
    #expect(new.status == 0, "\(new.errors)")
    #expect(
      new.output.contains(
        "ScaffoldTestBadge is in Examples/HomeNapkin/ComponentTree/ScaffoldTestBadge (module HomeNapkin)"
      ))
    #expect(
      scratch.exists(
        "Napkin/Examples/HomeNapkin/ComponentTree/ScaffoldTestBadge/ScaffoldTestBadgeView.swift"))
    // The edge sits next to HomeComponent, the test in the package's HomeNapkinTests.
    #expect(
      scratch.exists(
        "Napkin/Examples/HomeNapkin/ComponentTree/Home/HomeComponent+ScaffoldTestBadge.swift"))
    #expect(
      scratch.exists(
        "Napkin/Tests/HomeNapkinTests/ScaffoldTestBadge/ScaffoldTestBadgeNapkinTests.swift"))

    // A napkin without a view, and one whose view is one of HomeNapkin's own `TerminalScreen`s,
    // in the same build.
    let viewless = try NapkinProcess.run(
      ["new", "ScaffoldTestQuiet", "--parent", "Home", "--no-view"], in: package)
    #expect(viewless.status == 0, "\(viewless.errors)")
    #expect(
      scratch.exists(
        "Napkin/Examples/HomeNapkin/ComponentTree/ScaffoldTestQuiet/ScaffoldTestQuietRouter.swift"))
    #expect(
      !scratch.exists(
        "Napkin/Examples/HomeNapkin/ComponentTree/ScaffoldTestQuiet/ScaffoldTestQuietView.swift"))
    let screen = try NapkinProcess.run(
      ["new", "ScaffoldTestScreen", "--parent", "Home", "--view-protocol", "TerminalScreen"],
      in: package)
    #expect(screen.status == 0, "\(screen.errors)")
    let screenView = try String(
      contentsOfFile: package
        + "/Examples/HomeNapkin/ComponentTree/ScaffoldTestScreen/ScaffoldTestScreenView.swift",
      encoding: .utf8)
    #expect(screenView.contains("protocol ScaffoldTestScreenViewControllable: TerminalScreen {}"))

    // The "Next:" step, applied word for word from the printed text, compiles too: for Home,
    // whose router already takes builders, and for a leaf parent made by `new` itself, whose
    // router takes none and whose view presents nothing yet.
    let homeStep = try PrintedStep(output: new.output)
    #expect(homeStep.edits.count >= 6, "\(new.output)")
    try homeStep.apply(in: package)
    let leaf = try NapkinProcess.run(["new", "ScaffoldTestLeaf", "--parent", "Home"], in: package)
    #expect(leaf.status == 0, "\(leaf.errors)")
    let kid = try NapkinProcess.run(
      ["new", "ScaffoldTestKid", "--parent", "ScaffoldTestLeaf"], in: package)
    #expect(kid.status == 0, "\(kid.errors)")
    let leafStep = try PrintedStep(output: kid.output)
    #expect(leafStep.edits.count >= 8, "\(kid.output)")
    try leafStep.apply(in: package)

    let swift = try #require(Self.swiftExecutable(), "no swift executable on PATH")
    let build = try NapkinProcess.run(
      swift,
      ["build", "--target", "HomeNapkinTests", "-Xswiftc", "-warnings-as-errors"],
      in: package)
    #expect(build.status == 0, "\(build.output)\n\(build.errors)")

    // The same napkin in a target with Xcode 26's default isolation (`MainActor`): the client
    // package builds HomeNapkin's sources, the new napkin among them, unchanged.
    let xcode = try NapkinProcess.run(
      swift,
      [
        "build", "--package-path", "Clients/XcodeDefaults", "--target", "XcodeHomeNapkin",
        "-Xswiftc", "-warnings-as-errors",
      ],
      in: package)
    #expect(xcode.status == 0, "\(xcode.output)\n\(xcode.errors)")
  }

  /// Copies what the root package needs to build (not `.build`, not Tools or Benchmarks), and
  /// the client package that builds the examples in Xcode 26's default isolation.
  private func copyRootPackage(into scratch: ScratchFolder) throws -> String {
    let manager = FileManager.default
    let package = scratch.path + "/Napkin"
    try manager.createDirectory(atPath: package, withIntermediateDirectories: true)
    try manager.createDirectory(
      atPath: package + "/Clients/XcodeDefaults", withIntermediateDirectories: true)
    // The client's `Sources` are symbolic links into `Examples`, copied as links.
    let items = [
      "Package.swift", "Sources", "Examples", "Tests", "Clients/XcodeDefaults/Package.swift",
      "Clients/XcodeDefaults/Sources", "Clients/XcodeDefaults/Tests",
    ]
    for item in items {
      let source = Paths.repository.appendingPathComponent(item).path
      if manager.fileExists(atPath: source) {
        try manager.copyItem(atPath: source, toPath: package + "/" + item)
      }
    }
    try addMissingTestFolders(of: package)
    return package
  }

  /// A checkout between merges may declare test targets whose folders another branch brings;
  /// SwiftPM refuses such a manifest. They are not what this test is about, so the copy gets an
  /// empty test file in each missing folder (read from the manifest's syntax, not guessed).
  private func addMissingTestFolders(of package: String) throws {
    let manifest = try String(contentsOfFile: package + "/Package.swift", encoding: .utf8)
    let tree = Parser.parse(source: manifest)
    let finder = TestTargetFinder(viewMode: .sourceAccurate)
    finder.walk(tree)
    for name in finder.names {
      let folder = package + "/Tests/" + name
      guard !FileManager.default.fileExists(atPath: folder) else { continue }
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try Data("import Testing\n".utf8).write(
        to: URL(fileURLWithPath: folder + "/Placeholder.swift"))
    }
  }

  private static func swiftExecutable() -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").map { URL(fileURLWithPath: String($0) + "/swift") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }
}

/// Finds the names of `.testTarget(name: "...")` declarations without a custom `path:`.
private final class TestTargetFinder: SyntaxVisitor {
  private(set) var names: [String] = []

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    guard let member = node.calledExpression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "testTarget",
      !node.arguments.contains(where: { $0.label?.text == "path" }),
      let name = node.arguments.first(where: { $0.label?.text == "name" }),
      let literal = name.expression.as(StringLiteralExprSyntax.self),
      let text = literal.representedLiteralValue
    else { return .visitChildren }
    names.append(text)
    return .visitChildren
  }
}
