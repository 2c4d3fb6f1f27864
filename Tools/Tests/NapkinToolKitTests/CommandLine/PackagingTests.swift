import Foundation
import Testing

/// The tool as Swift tools ship: real packages, and a binary that does not need the toolchain.
struct PackagingTests {
  private static let tools = Paths.repository.appendingPathComponent("Tools")

  @Test func theManifestDependsOnSwiftSyntaxAndArgumentParserWithoutUnsafeFlags() throws {
    let manifest = try String(
      contentsOf: Self.tools.appendingPathComponent("Package.swift"), encoding: .utf8)
    #expect(!manifest.contains("unsafeFlags"))
    #expect(!manifest.contains("lib/swift/host"))
    #expect(manifest.contains(#""https://github.com/swiftlang/swift-syntax.git", from: "603.0.0""#))
    #expect(
      manifest.contains(#""https://github.com/apple/swift-argument-parser.git", from: "1.5.0""#))
  }

  @Test func theCommittedPinsResolveFromGitHub() throws {
    let data = try Data(contentsOf: Self.tools.appendingPathComponent("Package.resolved"))
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    let pins = try #require(object?["pins"] as? [[String: Any]])
    #expect(pins.count == 2)
    for pin in pins {
      #expect(pin["kind"] as? String == "remoteSourceControl")
      #expect((pin["location"] as? String)?.hasPrefix("https://github.com/") == true)
    }
  }

  /// The binary the tests run: built from swift-syntax's sources, so no toolchain library.
  @Test func theBuiltNapkinLoadsNoParserLibraryFromTheToolchain() throws {
    let ldd = try #require(Self.ldd, "no ldd on this machine")
    let result = try NapkinProcess.run(ldd, [NapkinProcess.executable.path])
    #expect(result.status == 0, "\(result.errors)")
    #expect(!result.output.contains("lib/swift/host"))
    #expect(!result.output.contains("SwiftSyntax"))
    #expect(!result.output.contains("SwiftParser"))
  }

  /// What README's install step builds. CI builds it first and sets NAPKIN_RELEASE_BINARY;
  /// elsewhere the test runs when the binary is there.
  @Test(.enabled(if: releaseBinary != nil, "no release build of napkin"))
  func theReleaseBinaryRunsWhenCopiedAloneAndLinksNothingFromTheToolchain() throws {
    let binary = try #require(Self.releaseBinary)
    let scratch = try ScratchFolder()
    let copy = scratch.path + "/napkin"
    try FileManager.default.copyItem(atPath: binary, toPath: copy)
    let ldd = try #require(Self.ldd, "no ldd on this machine")
    let linked = try NapkinProcess.run(ldd, [copy])
    #expect(!linked.output.contains("/swift/"), "\(linked.output)")
    #expect(!linked.output.contains("not found"), "\(linked.output)")
    // No toolchain on PATH: only the copy and the system.
    let help = try NapkinProcess.run(
      URL(fileURLWithPath: copy), ["lint", "-"], input: "final class A: EmptyComponent {}\n",
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(help.status == 0, "\(help.errors)")
    #expect(help.output == "No findings in 1 file.\n")
  }

  /// Both plugin packages run the same plugin code: a plugin target cannot share a module with
  /// another, so NapkinPlugins' files are symbolic links to Tools/Plugins' (the release script
  /// copies them in their place), and the tool is looked up by either name.
  @Test func theBinaryBackedPluginsRunTheSameCodeAsTheFromSourceOnes() throws {
    let fromSource = Self.tools.appendingPathComponent("Plugins").path
    let binary = Self.tools.appendingPathComponent("NapkinPlugins/Plugins").path
    let files = try Self.files(under: fromSource)
    #expect(files == (try Self.files(under: binary)))
    #expect(files.contains("NapkinWritePlugin/NapkinWritePlugin.swift"))
    for file in files {
      let original = try Data(contentsOf: URL(fileURLWithPath: fromSource + "/" + file))
      let copy = try Data(contentsOf: URL(fileURLWithPath: binary + "/" + file))
      #expect(original == copy, "Tools/NapkinPlugins/Plugins/\(file) differs from Tools/Plugins'")
    }
    let runs = files.filter { $0.hasSuffix("/NapkinRun.swift") }
    #expect(runs.count == 2)
    let contents = try Set(
      runs.map { try Data(contentsOf: URL(fileURLWithPath: fromSource + "/" + $0)) })
    #expect(contents.count == 1, "the command plugins' NapkinRun.swift copies differ")
  }

  /// Only `new` and `fix` ask to write: the manifests give the permission to one plugin each.
  @Test func onlyTheWritePluginAsksForPermission() throws {
    for manifest in ["Package.swift", "NapkinPlugins/Package.swift"] {
      let text = try String(
        contentsOf: Self.tools.appendingPathComponent(manifest), encoding: .utf8)
      #expect(text.components(separatedBy: ".writeToPackageDirectory(").count == 2, "\(manifest)")
      #expect(text.contains(#"verb: "napkin-write""#), "\(manifest)")
      #expect(text.contains("permissions: []"), "\(manifest)")
    }
  }

  /// The release copy of NapkinPlugins takes the bundle by URL and checksum, and SwiftPM reads
  /// its manifest.
  @Test(.timeLimit(.minutes(5)))
  func theReleasedPluginsPackageTakesTheBundleByURLAndChecksum() throws {
    let scratch = try ScratchFolder()
    let bundle = try scratch.write("napkin.artifactbundle.zip", "a stand-in: only its bytes count")
    let url = "https://example.invalid/napkin/releases/download/0.1.0/napkin.artifactbundle.zip"
    let output = scratch.path + "/NapkinPlugins"
    let script = Self.tools.appendingPathComponent("Scripts/release-plugins-package.py").path
    let release = try NapkinProcess.run(
      Self.env, ["python3", script, "--url", url, "--bundle", bundle, "--output", output])
    #expect(release.status == 0, "\(release.errors)")
    let manifest = try String(contentsOfFile: output + "/Package.swift", encoding: .utf8)
    #expect(manifest.contains(#"url: "\#(url)""#), "\(manifest)")
    #expect(!manifest.contains("path:"), "\(manifest)")
    let checksum = try #require(
      manifest.split(separator: "\n").first { $0.contains(#"checksum: ""#) }?
        .split(separator: "\"").dropFirst().first)
    #expect(checksum.count == 64 && checksum.allSatisfy(\.isHexDigit), "\(checksum)")
    #expect(FileManager.default.fileExists(atPath: output + "/LICENSE"))
    #expect(
      FileManager.default.fileExists(
        atPath: output + "/Plugins/NapkinLintPlugin/NapkinLintPlugin.swift"))
    let dump = try NapkinProcess.run(
      Self.swift, ["package", "--package-path", output, "dump-package"], timeLimit: .seconds(240))
    #expect(dump.status == 0, "\(dump.errors)")
    #expect(dump.output.contains(#""checksum" : "\#(checksum)""#), "\(dump.output)")
  }

  /// What Tools/Scripts/build-artifact-bundle.py wrote: SE-0305's layout, with this machine's
  /// triple and a binary that runs alone. CI builds it from the release binary first.
  @Test(
    .enabled(if: PluginClient.bundleExists, "no bundle (Tools/Scripts/build-artifact-bundle.py)"))
  func theArtifactBundleHoldsAStaticBinaryForThisMachinesTriple() throws {
    let bundle = PluginClient.binaryPlugins.appendingPathComponent("napkin.artifactbundle.zip").path
    let scratch = try ScratchFolder()
    let unzip = try NapkinProcess.run(Self.env, ["unzip", "-q", bundle, "-d", scratch.path])
    #expect(unzip.status == 0, "\(unzip.errors)")
    let root = scratch.path + "/napkin.artifactbundle"
    let info =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: root + "/info.json"))) as? [String: Any]
    #expect(info?["schemaVersion"] as? String == "1.0")
    let artifact = try #require((info?["artifacts"] as? [String: Any])?["napkin"] as? [String: Any])
    #expect(artifact["type"] as? String == "executable")
    let variants = try #require(artifact["variants"] as? [[String: Any]])
    let target = try NapkinProcess.run(Self.swift, ["-print-target-info"])
    let triple = try #require(
      ((try JSONSerialization.jsonObject(with: Data(target.output.utf8)) as? [String: Any])?[
        "target"] as? [String: Any])?["unversionedTriple"] as? String)
    let variant = try #require(
      variants.first { ($0["supportedTriples"] as? [String])?.contains(triple) == true },
      "no variant for \(triple)")
    let binary = root + "/" + (try #require(variant["path"] as? String))
    let ldd = try #require(Self.ldd, "no ldd on this machine")
    let linked = try NapkinProcess.run(ldd, [binary])
    #expect(!linked.output.contains("/swift/"), "\(linked.output)")
    let lint = try NapkinProcess.run(
      URL(fileURLWithPath: binary), ["lint", "-"], input: "final class A: EmptyComponent {}\n",
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(lint.status == 0, "\(lint.errors)")
    #expect(lint.output == "No findings in 1 file.\n")
  }

  private static func files(under folder: String) throws -> [String] {
    let walk = try #require(FileManager.default.enumerator(atPath: folder))
    return walk.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
  }

  /// Runs a program found on PATH (python3 and unzip are where the machine puts them).
  private static let env = URL(fileURLWithPath: "/usr/bin/env")

  private static let swift: URL = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").map { URL(fileURLWithPath: String($0) + "/swift") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
      ?? URL(fileURLWithPath: "/usr/bin/swift")
  }()

  static let releaseBinary: String? = {
    let environment = ProcessInfo.processInfo.environment
    if let named = environment["NAPKIN_RELEASE_BINARY"], !named.isEmpty { return named }
    let built = tools.appendingPathComponent(".build/release/napkin").path
    return FileManager.default.isExecutableFile(atPath: built) ? built : nil
  }()

  private static let ldd = ["/usr/bin/ldd", "/bin/ldd"].map { URL(fileURLWithPath: $0) }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// The one way the tests start children keeps them few and one launch at a time.
struct ChildRunnerTests {
  @Test func noMoreChildrenRunAtOnceThanTheLimit() async throws {
    let shell = URL(fileURLWithPath: "/bin/sh")
    try await withThrowingTaskGroup(of: Int32.self) { group in
      for _ in 0..<(NapkinProcess.simultaneousChildren * 2) {
        group.addTask { try NapkinProcess.run(shell, ["-c", "sleep 0.3"]).status }
      }
      for try await status in group {
        #expect(status == 0)
      }
    }
    #expect(NapkinProcess.running.withLock { $0.peak } <= NapkinProcess.simultaneousChildren)
  }

  @Test func aChildPastItsTimeLimitIsStopped() throws {
    let result = try NapkinProcess.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", "sleep 60"], timeLimit: .seconds(1))
    #expect(result.timedOut)
  }
}
