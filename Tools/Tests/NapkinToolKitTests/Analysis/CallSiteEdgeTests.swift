import Foundation
import Testing

@testable import NapkinToolKit

/// Edges the code states at a call site (`Child(dependency: self)`, Needle's `parent: self`, a
/// builder built with `self`), and the shapes real code hides the tree behind: a generic base
/// class, a typealias, `Component<any EmptyDependency>` built by a parent, an inherited
/// dependency protocol.
struct CallSiteEdgeTests {
  static let needleShaped = """
    import Napkin

    class AppComponent<DependencyType>: Component<DependencyType>, @unchecked Sendable {}

    final class RootComponent: EmptyComponent, @unchecked Sendable {
      var loggedOut: LoggedOutComponent { LoggedOutComponent(parent: self) }
      var settings: SettingsComponent { SettingsComponent(dependency: self) }
      var feedBuilder: FeedBuilder { FeedBuilder(dependency: self) }
    }

    protocol LoggedOutDependency: Dependency {}

    final class LoggedOutComponent: AppComponent<any LoggedOutDependency>, @unchecked Sendable {}

    final class SettingsComponent: Component<any EmptyDependency>, @unchecked Sendable {}

    protocol FeedDependency: Dependency {}
    typealias FeedBase = AppComponent<any FeedDependency>

    final class FeedComponent: FeedBase, @unchecked Sendable {}

    final class FeedBuilder: Builder<any FeedDependency> {}

    """

  @Test func aParentThatBuildsAChildWithSelfIsItsParentThroughEverySpelling() {
    let wiring = Analysis.wiring(source: Self.needleShaped)
    let root = wiring.component(named: "RootComponent")
    #expect(
      root?.children.map(\.child) == ["FeedComponent", "LoggedOutComponent", "SettingsComponent"])
    // An `EmptyComponent` conforms to `EmptyDependency` already; the others do not yet.
    #expect(
      root?.children.filter { !$0.isConformed }.map(\.child) == [
        "FeedComponent", "LoggedOutComponent",
      ])
    #expect(wiring.roots.map(\.name) == ["RootComponent"])
    // The generic base class is no napkin of its own, and no orphan.
    #expect(wiring.component(named: "AppComponent") == nil)
    #expect(wiring.component(named: "FeedComponent")?.dependencyProtocols == ["FeedDependency"])
  }

  @Test func graphDrawsTheEdgesTheCallSitesState() {
    let scratch = try? ScratchFolder()
    guard let scratch, (try? scratch.write("App.swift", Self.needleShaped)) != nil else {
      Issue.record("no scratch folder")
      return
    }
    let (_, console) = run("graph", scratch.path)
    #expect(console.output.contains("4 components, 3 edges"), "\(console.output)")
  }

  @Test func lintNamesTheParentItFoundForEachEdgeThatDoesNotConform() {
    let findings = Linter.findings(in: Analysis.wiring(source: Self.needleShaped)).filter {
      $0.rule == EdgeNotConformedRule.id
    }
    #expect(findings.count == 2)
    let loggedOut = findings.first { $0.message.contains("LoggedOutComponent") }
    #expect(
      loggedOut?.message.hasPrefix(
        "RootComponent builds LoggedOutComponent with `self`, but does not conform to "
          + "`LoggedOutDependency`") == true, "\(loggedOut?.message ?? "")")
    #expect(loggedOut?.fix.contains("RootComponent+LoggedOut.swift") == true)
    // `unconformed-dependency` names the parent it found too, not `ParentComponent`.
    #expect(
      !Linter.findings(in: Analysis.wiring(source: Self.needleShaped)).contains {
        $0.fix.contains("ParentComponent")
      })
  }

  @Test func fixWritesTheConformanceInTheEdgeFileInTheParentsStyleAndNamesTheParent() throws {
    let scratch = try ScratchFolder()
    try scratch.write(
      "Root/RootComponent.swift",
      """
      import Napkin

      nonisolated final class Engine: Sendable {
          init() {}
      }

      final class RootComponent: EmptyComponent, @unchecked Sendable {
          var engine: Engine { shared { Engine() } }
          var loggedOut: LoggedOutComponent { LoggedOutComponent(dependency: self) }
      }

      """)
    try scratch.write(
      "LoggedOut/LoggedOutComponent.swift",
      """
      import Napkin

      nonisolated protocol LoggedOutDependency: Dependency {
          var engine: Engine { get }
      }

      final class LoggedOutComponent: Component<any LoggedOutDependency>, @unchecked Sendable {}

      """)
    let (status, console) = run("fix", scratch.path)
    #expect(status == .success, "\(console.errors)")
    #expect(
      console.output.contains(
        "wrote `nonisolated extension RootComponent: LoggedOutDependency` in "
          + scratch.path + "/Root/RootComponent+LoggedOut.swift, the edge to LoggedOutComponent, "
          + "which RootComponent builds with `self` here"), "\(console.output)")
    let edge = try String(
      contentsOfFile: scratch.path + "/Root/RootComponent+LoggedOut.swift", encoding: .utf8)
    #expect(
      edge == """
        import Napkin

        /// The edge to LoggedOut: RootComponent builds LoggedOutComponent with `self`.
        nonisolated extension RootComponent: LoggedOutDependency {}

        """)
    #expect(Analysis.findings(scratch.path).isEmpty)
    let (_, again) = run("fix", scratch.path)
    #expect(again.output == "Nothing to fix in 3 files.\n")
  }

  @Test func anEdgeFileIsNeverWrittenOverAFileAlreadyThere() throws {
    let scratch = try ScratchFolder()
    try scratch.write("RootComponent.swift", Self.needleShaped)
    let kept = try scratch.write("RootComponent+LoggedOut.swift", "// the user's own\n")
    let (status, console) = run("fix", scratch.path)
    #expect(status == .inputProblem)
    #expect(console.errors.contains("a file is already there"), "\(console.errors)")
    #expect(try String(contentsOfFile: kept, encoding: .utf8) == "// the user's own\n")
    #expect(
      try String(contentsOfFile: scratch.path + "/RootComponent.swift", encoding: .utf8)
        == Self.needleShaped)
    #expect(!scratch.exists("RootComponent+Feed.swift"))
  }

  @Test func aPassThroughIsWrittenInEveryComponentBetweenTheChildAndTheNearestProvider() throws {
    let scratch = try ScratchFolder()
    try FileManager.default.copyItem(
      atPath: Paths.fixture("Corpus/DeepPassThrough"), toPath: scratch.path + "/App")
    let (status, console) = run("fix", scratch.path + "/App")
    #expect(status == .success, "\(console.errors)")
    let text = try String(contentsOfFile: scratch.path + "/App/App.swift", encoding: .utf8)
    #expect(text.components(separatedBy: "var service: Service { dependency.service }").count == 3)
    #expect(text.components(separatedBy: "var service: Service { get }").count == 4)
    #expect(
      console.output.contains(
        "added `var service: Service { dependency.service }` to BComponent and its requirement "
          + "to BDependency (CComponent needs it; AComponent provides it)"), "\(console.output)")
  }
}
