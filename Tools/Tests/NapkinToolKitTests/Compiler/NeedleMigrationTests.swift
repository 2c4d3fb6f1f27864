import Foundation
import Testing

@testable import NapkinToolKit

/// A Needle-shaped app of ten components, after only the mechanical edits of "Coming from
/// Needle" (`import Napkin`, `EmptyComponent`, `dependency: self`, the generated file deleted),
/// is made to compile in both isolation modes by repeated `napkin fix`, except for the one
/// choice lint leaves to a person (how the non-Sendable `ImageCache` guards its state).
@Suite(
  .serialized, .enabled(if: FixtureCompiler.isAvailable, "no Swift toolchain or Napkin sources"))
struct NeedleMigrationTests {
  @Test func theGraphSeesEveryEdgeTheCallSitesStateAndNoBaseClassAsANapkin() {
    let wiring = Analysis.wiring(Paths.fixture("NeedleMigration/App")).wiring
    #expect(wiring.components.count == 8)
    #expect(!wiring.components.contains { $0.name == "AppComponent" })
    #expect(wiring.roots.map(\.name) == ["RootComponent"])
    let edges = wiring.components.flatMap { parent in
      parent.children.map { "\(parent.name)->\($0.child)" }
    }
    #expect(
      Set(edges) == [
        "RootComponent->LoggedOutComponent", "RootComponent->LoggedInComponent",
        "LoggedInComponent->HomeComponent", "HomeComponent->FeedComponent",
        "HomeComponent->SettingsComponent", "HomeComponent->ProfileComponent",
        "FeedComponent->PlayerComponent",
      ])
  }

  @Test func lintNamesTheChainItSearchedForARequirementNoAncestorProvides() throws {
    let scratch = try ScratchFolder()
    try FileManager.default.copyItem(
      atPath: Paths.fixture("NeedleMigration/App"), toPath: scratch.path + "/App")
    let file = scratch.path + "/App/LoggedInComponent.swift"
    let text = try String(contentsOfFile: file, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "func track(", with: "func record(").utf8).write(
      to: URL(fileURLWithPath: file))
    let finding = try #require(
      Analysis.findings(scratch.path + "/App").first { $0.rule == RequirementNotProvidedRule.id })
    #expect(
      finding.message.contains(
        "searched HomeComponent -> LoggedInComponent -> RootComponent"), "\(finding.message)")
  }

  @Test(.timeLimit(.minutes(30)))
  func repeatedFixMakesTheMigratedAppCompileInBothModesLeavingOnlyAPersonsChoice() throws {
    let scratch = try ScratchFolder()
    let app = scratch.path + "/App"
    try FileManager.default.copyItem(atPath: Paths.fixture("NeedleMigration/App"), toPath: app)
    var runs = 0
    var log = ""
    while runs < 5 {
      let (status, console) = run("fix", app)
      #expect(status == .success, "\(console.errors)")
      log += console.output
      runs += 1
      if console.output.hasPrefix("Nothing to fix") { break }
    }
    #expect(runs <= 3, "\(log)")
    // What is left is the person's choice, stated with its options.
    let left = Analysis.findings(app)
    #expect(left.map(\.rule) == [SharedNotSendableRule.id], "\(left.map(\.message))")
    #expect(left.first?.message.contains("ImageCache") == true)
    // The person chooses an actor.
    let services = app + "/Services.swift"
    let text = try String(contentsOfFile: services, encoding: .utf8)
    try Data(
      text.replacingOccurrences(of: "final class ImageCache {", with: "actor ImageCache {").utf8
    ).write(to: URL(fileURLWithPath: services))
    let (status, console) = run("fix", app)
    #expect(status == .success)
    #expect(console.output.hasPrefix("Nothing to fix"), "\(console.output)")
    #expect(Analysis.findings(app).isEmpty)
    let files = FixtureCompiler.swiftFiles(in: app)
    for mode in FixtureCompiler.Mode.allCases {
      let outcome = try FixtureCompiler.typecheck(files, mode: mode)
      #expect(outcome.compiles, "in \(mode): \(outcome.errors)\n\(log)")
    }
  }
}
