import Foundation
import Testing

/// A package that depends on the Tools package by path, as a team's app package does, uses
/// both plugins: the build-tool plugin lints on `swift build`, the command plugin runs
/// `swift package napkin lint|graph|new`. Slow (the client builds swift-syntax once into
/// Tools/.build/plugin-client), so one test covers both.
struct PluginClientTests {
  private static let tools = Paths.repository.appendingPathComponent("Tools")
  private static let place = tools.appendingPathComponent(".build/plugin-client")
  private static let package = place.appendingPathComponent("package").path
  private static let scratch = place.appendingPathComponent("build").path

  @Test(.timeLimit(.minutes(40)))
  func aClientPackageLintsOnBuildAndRunsTheCommandPlugin() throws {
    try Self.writeClient()
    let swift = try #require(Self.swiftExecutable(), "no swift executable on PATH")
    let build = try NapkinProcess.run(
      swift, ["build", "--package-path", Self.package, "--scratch-path", Self.scratch],
      timeLimit: .seconds(1800))
    #expect(build.status == 0, "\(build.output)\n\(build.errors)")
    // The finding, as a compiler warning on its line.
    #expect(
      build.output.contains(
        "\(Self.package)/Sources/Wired/CounterComponent.swift:2:3: warning: "),
      "\(build.output)")
    #expect(build.output.contains("[stored-var]"))

    func plugin(_ arguments: String...) throws -> NapkinProcess.Result {
      try NapkinProcess.run(
        swift,
        [
          "package", "--package-path", Self.package, "--scratch-path", Self.scratch,
          "--allow-writing-to-package-directory", "napkin",
        ] + arguments,
        timeLimit: .seconds(1800))
    }
    let lint = try plugin("lint", "Sources")
    #expect(lint.status != 0)
    #expect(lint.output.contains("Sources/Wired/CounterComponent.swift:2:3: stored-var: "))

    let graph = try plugin("graph")
    #expect(graph.status == 0, "\(graph.errors)")
    #expect(graph.output.contains("RootComponent"))

    let new = try plugin("new", "Badge", "--parent", "Root")
    #expect(new.status == 0, "\(new.output)\n\(new.errors)")
    #expect(
      FileManager.default.fileExists(
        atPath: Self.package + "/Sources/Wired/Badge/BadgeComponent.swift"))
  }

  /// The client, written afresh each run at one place so that its build stays incremental.
  private static func writeClient() throws {
    let manager = FileManager.default
    try? manager.removeItem(atPath: package)
    let files = [
      "Package.swift": """
      // swift-tools-version: 6.2
      import PackageDescription

      let package = Package(
        name: "PluginClient",
        platforms: [.macOS(.v15)],
        dependencies: [.package(path: "\(tools.path)")],
        targets: [
          .target(name: "Wired", plugins: [.plugin(name: "NapkinLintPlugin", package: "Tools")])
        ]
      )

      """,
      "Sources/Wired/EmptyComponent.swift": "class EmptyComponent {}\n",
      "Sources/Wired/Root/RootComponent.swift": "final class RootComponent: EmptyComponent {}\n",
      "Sources/Wired/CounterComponent.swift":
        "final class CounterComponent: EmptyComponent {\n  var count = 0\n}\n",
    ]
    for (relative, contents) in files {
      let path = package + "/" + relative
      try manager.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
    }
    // The same pins as the Tools package, and its mirrors on a machine that has them.
    let copies = [
      ("Package.resolved", "Package.resolved"),
      (".swiftpm/configuration/mirrors.json", ".swiftpm/configuration/mirrors.json"),
    ]
    for (from, to) in copies {
      let source = tools.appendingPathComponent(from).path
      guard manager.fileExists(atPath: source) else { continue }
      let destination = package + "/" + to
      try manager.createDirectory(
        atPath: (destination as NSString).deletingLastPathComponent,
        withIntermediateDirectories: true)
      try manager.copyItem(atPath: source, toPath: destination)
    }
  }

  private static func swiftExecutable() -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").map { URL(fileURLWithPath: String($0) + "/swift") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }
}
