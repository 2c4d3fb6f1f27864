import Foundation
import Testing

@testable import NapkinToolKit

/// `napkin fix` in a SwiftPM package builds the targets it touches before and after its edits,
/// and keeps no edit that adds a compile error. The package here declares its own small
/// `Component` and `Dependency` (lint reads them by name), so that it builds in seconds.
@Suite(.serialized, .enabled(if: FixtureCompiler.isAvailable, "no Swift toolchain"))
struct FixVerificationTests {
  /// A package whose middle component declares a nested `Token`: the pass-through fix writes in
  /// it, `var token: Token { dependency.token }`, names that nested type, not the top-level one
  /// the child asks for.
  static func shadowingPackage() throws -> ScratchFolder {
    let scratch = try ScratchFolder()
    try scratch.write(
      "Package.swift",
      """
      // swift-tools-version: 6.0
      import PackageDescription

      let package = Package(name: "Shadow", targets: [.target(name: "App")])

      """)
    try scratch.write(
      "Sources/App/Framework.swift",
      """
      public protocol Dependency: AnyObject {}
      open class Component<DependencyType>: @unchecked Sendable {
        public let dependency: DependencyType
        public init(dependency: DependencyType) { self.dependency = dependency }
      }
      open class EmptyComponent: @unchecked Sendable {
        public init() {}
      }

      """)
    try scratch.write(
      "Sources/App/Root.swift",
      """
      nonisolated struct Token {}

      final class RootComponent: EmptyComponent, @unchecked Sendable {
        var token: Token { Token() }
        var home: HomeComponent { HomeComponent(dependency: self) }
      }
      nonisolated extension RootComponent: HomeDependency {}

      """)
    try scratch.write(
      "Sources/App/Home.swift",
      """
      nonisolated protocol HomeDependency: Dependency {}
      final class HomeComponent: Component<any HomeDependency>, @unchecked Sendable {
        struct Token {}
        var player: PlayerComponent { PlayerComponent(dependency: self) }
      }
      nonisolated extension HomeComponent: PlayerDependency {}

      """)
    try scratch.write(
      "Sources/App/Player.swift",
      """
      nonisolated protocol PlayerDependency: Dependency {
        var token: Token { get }
      }
      final class PlayerComponent: Component<any PlayerDependency>, @unchecked Sendable {}

      """)
    return scratch
  }

  static func contents(of folder: String) throws -> [String: String] {
    var result: [String: String] = [:]
    for file in FixtureCompiler.swiftFiles(in: folder) {
      result[file] = try String(contentsOfFile: file, encoding: .utf8)
    }
    return result
  }

  @Test(.timeLimit(.minutes(20)))
  func anEditTheCompilerRejectsIsUndoneNamedWithTheErrorAndFailsTheRun() throws {
    let package = try Self.shadowingPackage()
    let sources = package.path + "/Sources/App"
    let before = try Self.contents(of: sources)
    let (status, console) = run("fix", sources)
    #expect(status == .compileError, "\(console.output)\(console.errors)")
    #expect(try Self.contents(of: sources) == before)
    #expect(console.errors.contains("added `var token: Token { dependency.token }`"))
    #expect(
      console.errors.contains("cannot convert return expression of type 'Token'"),
      "\(console.errors)")
    #expect(console.errors.contains("every file is back as it was"))
    // Its own scratch path: the package's `.build/debug` is not where fix builds.
    #expect(package.exists(".build/napkin-fix"))

    // Without the nested type the same edit compiles, and fix says it compiled it.
    let home = sources + "/Home.swift"
    try Data(
      (before[home] ?? "").replacingOccurrences(of: "  struct Token {}\n", with: "").utf8
    ).write(to: URL(fileURLWithPath: home))
    let (fixed, fixedConsole) = run("fix", sources)
    #expect(fixed == .success, "\(fixedConsole.errors)")
    #expect(fixedConsole.output.contains("napkin: compiled App before and after: no error added"))
    #expect(try String(contentsOfFile: home, encoding: .utf8).contains("dependency.token"))
  }

  @Test func noVerifySaysTheEditsWereNotCompiled() throws {
    let package = try Self.shadowingPackage()
    let (status, console) = run("fix", "--no-verify", package.path + "/Sources/App")
    #expect(status == .success)
    #expect(console.output.contains("the edits were not compiled (--no-verify)"))
    #expect(!package.exists(".build/napkin-fix"))
  }

  @Test func aPackageWhoseManifestCannotBeReadIsNamedAndItsEditsAsNotCompiled() throws {
    let package = try Self.shadowingPackage()
    try package.write("Package.swift", "this is no manifest\n")
    let (status, console) = run("fix", package.path + "/Sources/App")
    #expect(status == .success, "\(console.errors)")
    #expect(
      console.errors.contains("cannot read the package at")
        && console.errors.contains("so the edits there were not compiled"), "\(console.errors)")
  }

  @Test func filesNoPackageHoldsAreNamedAsNotCompiled() throws {
    let scratch = try ScratchFolder()
    try FileManager.default.copyItem(
      atPath: Paths.fixture("Corpus/DeepPassThrough"), toPath: scratch.path + "/App")
    let (status, console) = run("fix", scratch.path + "/App")
    #expect(status == .success)
    #expect(
      console.errors.contains("no SwiftPM package target holds")
        && console.errors.contains("so the edits there were not compiled"), "\(console.errors)")
  }
}
