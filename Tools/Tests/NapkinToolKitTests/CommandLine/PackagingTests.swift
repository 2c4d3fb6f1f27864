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
