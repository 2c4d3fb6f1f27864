import Foundation
import Testing

/// A package that depends on a plugins package by path, as a team's app package does, uses the
/// build-tool plugin (it lints on `swift build`) and both command plugins: `swift package napkin
/// lint|graph|why` with no permission, `swift package napkin-write new` with it. Once with the
/// Tools package, which builds `napkin` (and swift-syntax) from source, and once with
/// NapkinPlugins, which runs the prebuilt binary of the artifact bundle and must compile no
/// swift-syntax at all.
struct PluginClientTests {
  /// Slow (the client builds swift-syntax once into Tools/.build/plugin-client), so one test
  /// covers all the plugins.
  @Test(.timeLimit(.minutes(40)))
  func aClientOfTheFromSourcePluginsLintsOnBuildAndRunsTheCommandPlugins() throws {
    let client = PluginClient(
      place: "plugin-client", dependency: PluginClient.tools.path, packageName: "Tools",
      fromSource: true)
    let build = try client.build()
    try client.exercise(build)
  }

  /// The artifact bundle comes from Tools/Scripts/build-artifact-bundle.py, which CI runs first
  /// with the release binary; elsewhere the test runs when the bundle is there.
  @Test(
    .enabled(if: PluginClient.bundleExists, "no bundle (Tools/Scripts/build-artifact-bundle.py)"),
    .timeLimit(.minutes(20)))
  func aClientOfTheBinaryPluginsCompilesNoSwiftSyntax() throws {
    let client = PluginClient(
      place: "binary-plugin-client", dependency: PluginClient.binaryPlugins.path,
      packageName: "NapkinPlugins", fromSource: false)
    // From nothing, so that nothing an earlier build compiled is taken for this one's.
    try? FileManager.default.removeItem(atPath: client.scratch)
    let build = try client.build()
    for trace in ["SwiftSyntax", "swift-syntax", "SwiftParser", "NapkinToolKit"] {
      #expect(!build.output.contains(trace), "the build log names \(trace)")
      #expect(
        client.scratchEntries(containing: trace).isEmpty,
        "\(trace) in the client's .build: \(client.scratchEntries(containing: trace).prefix(3))")
    }
    // What the plugins ran instead: the bundle's binary, unpacked into the client's .build.
    #expect(
      client.scratchEntries(containing: "napkin.artifactbundle").isEmpty == false,
      "no artifact bundle in \(client.scratch)")
    try client.exercise(build)
  }
}

/// A client package written afresh at one place under Tools/.build, so that its build stays
/// incremental from run to run.
struct PluginClient {
  static let tools = Paths.repository.appendingPathComponent("Tools")
  static let binaryPlugins = tools.appendingPathComponent("NapkinPlugins")
  static let bundleExists = FileManager.default.fileExists(
    atPath: binaryPlugins.appendingPathComponent("napkin.artifactbundle.zip").path)

  let package: String
  let scratch: String
  let dependency: String
  let packageName: String
  /// The client builds swift-syntax, from the Tools package's pins and mirrors.
  let fromSource: Bool

  init(place: String, dependency: String, packageName: String, fromSource: Bool) {
    let folder = Self.tools.appendingPathComponent(".build/\(place)")
    package = folder.appendingPathComponent("package").path
    scratch = folder.appendingPathComponent("build").path
    self.dependency = dependency
    self.packageName = packageName
    self.fromSource = fromSource
  }

  func build() throws -> NapkinProcess.Result {
    try write()
    let swift = try #require(Self.swiftExecutable(), "no swift executable on PATH")
    let build = try NapkinProcess.run(
      swift, ["build", "--package-path", package, "--scratch-path", scratch],
      timeLimit: .seconds(1800))
    #expect(build.status == 0, "\(build.output)\n\(build.errors)")
    return build
  }

  /// What a user sees of each plugin, after `build` ran the build-tool plugin.
  func exercise(_ build: NapkinProcess.Result) throws {
    // The finding, as a compiler warning on its line.
    #expect(
      build.output.contains("\(package)/Sources/Wired/CounterComponent.swift:2:3: warning: "),
      "\(build.output)")
    #expect(build.output.contains("[stored-var]"))

    // The read-only verbs, without --allow-writing-to-package-directory.
    let lint = try plugin("napkin", "lint", "Sources")
    #expect(lint.status != 0)
    #expect(lint.output.contains("Sources/Wired/CounterComponent.swift:2:3: stored-var: "))
    // Wherever SwiftPM prints the failure line, it says what was found.
    #expect(
      lint.errors.contains("napkin lint: 1 finding in 3 files (exit status 1)"), "\(lint.errors)")

    let graph = try plugin("napkin", "graph")
    #expect(graph.status == 0, "\(graph.errors)")
    #expect(graph.output.contains("RootComponent"))

    let why = try plugin("napkin", "why", "clock", "--in", "Root")
    #expect(why.status == 0, "\(why.errors)")
    #expect(why.output.contains("RootComponent.clock"), "\(why.output)")

    // A verb that writes is refused by the plugin that may not, naming the one that may.
    let refused = try plugin("napkin", "new", "Badge", "--parent", "Root")
    #expect(refused.status != 0)
    #expect(refused.errors.contains("napkin-write new"), "\(refused.errors)")
    #expect(!FileManager.default.fileExists(atPath: package + "/Sources/Wired/Badge"))

    let new = try plugin(
      "--allow-writing-to-package-directory", "napkin-write", "new", "Badge", "--parent", "Root")
    #expect(new.status == 0, "\(new.output)\n\(new.errors)")
    #expect(
      FileManager.default.fileExists(
        atPath: package + "/Sources/Wired/Badge/BadgeComponent.swift"))
  }

  private func plugin(_ arguments: String...) throws -> NapkinProcess.Result {
    let swift = try #require(Self.swiftExecutable(), "no swift executable on PATH")
    return try NapkinProcess.run(
      swift, ["package", "--package-path", package, "--scratch-path", scratch] + arguments,
      timeLimit: .seconds(1800))
  }

  /// Paths under the client's .build whose last component contains `text`.
  func scratchEntries(containing text: String) -> [String] {
    guard let walk = FileManager.default.enumerator(atPath: scratch) else { return [] }
    return walk.compactMap { $0 as? String }
      .filter { ($0 as NSString).lastPathComponent.contains(text) }
  }

  private func write() throws {
    let manager = FileManager.default
    try? manager.removeItem(atPath: package)
    let files = [
      "Package.swift": """
      // swift-tools-version: 6.2
      import PackageDescription

      let package = Package(
        name: "PluginClient",
        platforms: [.macOS(.v15)],
        dependencies: [.package(path: "\(dependency)")],
        targets: [
          .target(
            name: "Wired", plugins: [.plugin(name: "NapkinLintPlugin", package: "\(packageName)")])
        ]
      )

      """,
      "Sources/Wired/EmptyComponent.swift": """
      class EmptyComponent {
        func shared<T>(_ make: () -> T) -> T { make() }
      }

      """,
      "Sources/Wired/Root/RootComponent.swift": """
      nonisolated struct Clock {}

      final class RootComponent: EmptyComponent {
        var clock: Clock { shared { Clock() } }
      }

      """,
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
    for (from, to) in copies where fromSource {
      let source = Self.tools.appendingPathComponent(from).path
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
