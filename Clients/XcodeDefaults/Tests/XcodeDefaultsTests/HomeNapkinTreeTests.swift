import Napkin
import NapkinTesting
import TerminalIO  // XcodeTerminalIO, through the package's module alias
import Testing

@testable import XcodeHomeNapkin

/// HomeNapkin's whole tree, built in a module with Xcode 26's default isolation, behaves as it does
/// in SwiftPM's default mode.
@Suite struct HomeNapkinTreeTests {
  /// The real shell on the real tree, scripted, its output kept.
  final class Session {
    private(set) var output = ""
    let shell: Shell

    init() {
      let leaks = LeakDetector(gracePeriod: .milliseconds(200)) { report in
        Issue.record("unexpected leak: \(report)")
      }
      var captured: (String) -> Void = { _ in }
      shell = Shell(
        input: ScriptedInput([]), output: { captured($0) }, echo: false, prompt: false,
        leakDetector: leaks)
      captured = { [unowned self] in output += $0 }
    }

    func type(_ line: String) throws -> String {
      output = ""
      _ = try shell.handle(line)
      return output
    }

    /// The napkins of the live tree, root first.
    var napkins: [String] {
      shell.root.treeSnapshot().root.subtree.map(\.name)
    }
  }

  @Test func signingInAttachesTheLoggedInSubtree() throws {
    let session = Session()
    try session.shell.start()
    _ = try session.type("login alice")
    #expect(session.napkins == ["Root", "LoggedIn", "Home"])
    _ = try session.type("profile")
    #expect(session.napkins == ["Root", "LoggedIn", "Home", "Profile"])
  }

  @Test func aClosedProfileIsDeallocated() async throws {
    let session = Session()
    try session.shell.start()
    _ = try session.type("login alice")
    _ = try session.type("profile")
    let home = try #require(session.shell.root.children.first?.children.first)
    let profile = try #require(home.children.first)
    _ = try session.type("back")
    await expectDeallocated(consume profile, within: .seconds(2))
  }

  @Test func aDeepLinkWaitsForTheSignInAndTheTreeSettles() async throws {
    let session = Session()
    try session.shell.start()
    _ = try session.type("open profile/alice")
    _ = try session.type("login alice")
    await session.shell.root.settle()
    #expect(session.napkins == ["Root", "LoggedIn", "Home", "Profile"])
  }

  @Test func aCurrentValueIsFollowedFromATestTarget() async {
    let state = CurrentValue(0)
    var reader = state.distinctValues().makeAsyncIterator()
    #expect(await reader.next() == 0)
    state.value = 0
    state.value = 1
    #expect(await reader.next() == 1)
  }

  @Test func aComponentIsReadOffTheMainActor() async {
    let component = HomeComponent(
      dependency: LoggedInComponent(dependency: RootComponent(dependency: AppComponent())))
    let fromElsewhere = await Task.detached { component.homeAnalytics }.value
    #expect(fromElsewhere === component.homeAnalytics)
  }
}
