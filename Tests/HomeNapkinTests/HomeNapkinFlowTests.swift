import Napkin
import NapkinTesting
import TerminalIO
import Testing

@testable import HomeNapkin

@MainActor
@Suite struct HomeNapkinFlowTests {
  @Test func theFlowShowsEachScreenInTurn() {
    let session = Session()

    #expect(session.type("login alice").hasPrefix("== Home ==\nSigned in as alice.\n"))
    #expect(
      session.type("profile")
        == """
        == Profile ==
        Name: alice
        Loaded with: GET /users/alice/profile (Authorization: Bearer token-alice)
        Commands: back, profile, settings, logout, tree, help, quit


        """)
    #expect(session.type("back").hasPrefix("== Home =="))
    #expect(
      session.type("settings").contains(
        "Screens opened this session: alice: home, alice: profile, alice: settings\n"))
    #expect(session.type("logout").hasPrefix("== Welcome ==\nNobody is signed in."))
  }

  @Test func everyDetachedNapkinIsDeallocated() async throws {
    let session = Session()
    var napkins = [WeakNapkin(try #require(session.router(named: "LoggedOut")), name: "LoggedOut")]

    session.type("login alice")
    napkins.append(WeakNapkin(try #require(session.router(named: "LoggedIn")), name: "LoggedIn"))
    napkins.append(WeakNapkin(try #require(session.router(named: "Home")), name: "Home"))
    session.type("profile")
    napkins.append(WeakNapkin(try #require(session.router(named: "Profile")), name: "Profile"))
    session.type("back")
    session.type("settings")
    napkins.append(WeakNapkin(try #require(session.router(named: "Settings")), name: "Settings"))
    session.type("logout")
    await session.leaks.detector.waitForPendingChecks()

    #expect(napkins.flatMap(\.survivors) == [])
    #expect(session.leaks.reports == [])
    #expect(NapkinTree.describe(session.shell.root) == "Root\n  LoggedOut\n")
  }

  @Test func theLeakDetectorStaysSilentForALongSession() async {
    let session = Session()
    let script = [
      "login alice", "profile", "settings", "back", "profile", "back", "logout",
      "login bob", "settings", "profile", "logout", "login carol",
    ]

    for line in script {
      session.type(line)
    }
    await session.leaks.detector.waitForPendingChecks()

    #expect(session.leaks.reports == [])
    #expect(session.leaks.detector.pendingCheckCount == 0)
  }

  @Test func closingTheProfileDeallocatesItsWholeNapkin() async throws {
    let session = Session()
    session.type("login alice")
    session.type("profile")
    let profile = try #require(session.router(named: "Profile"))

    session.type("back")

    await expectDeallocated(consume profile)
  }

  @Test func theTreeCommandPrintsTheLiveTreeIndentedByDepth() {
    let session = Session()
    #expect(session.type("tree").hasPrefix("Root\n  LoggedOut\n== Welcome =="))

    session.type("login alice")
    session.type("profile")

    #expect(session.type("tree").hasPrefix("Root\n  LoggedIn\n    Home\n      Profile\n== "))
  }

  @Test func homeAnalyticsIsSharedWithinASessionAndFreshInTheNext() {
    let session = Session()
    session.type("login alice")
    session.type("profile")
    #expect(
      session.type("settings").contains(
        "Screens opened this session: alice: home, alice: profile, alice: settings\n"))

    session.type("logout")
    session.type("login bob")

    #expect(
      session.type("settings").contains("Screens opened this session: bob: home, bob: settings\n"))
  }

  @Test func theHomeComponentSharesAnalyticsAndBuildsAFreshRequestBuilderPerCall() {
    let component = HomeComponent(dependency: FakeHomeDependency())

    #expect(component.homeAnalytics === component.homeAnalytics)
    #expect(component.requestBuilder !== component.requestBuilder)
    #expect(component.userService === component.dependency.userService)
  }

  @Test(arguments: [
    ("login", "Error: Type a name after login, e.g. `login alice`."),
    ("login al ice", "Error: Names are letters and digits only: `al ice` has other characters."),
    ("login abcdefghijklmnopqrstu", "Error: Names are at most 20 characters; try a shorter one."),
  ])
  func aRefusedNameShowsWhyAndStaysSignedOut(line: String, error: String) {
    let session = Session()

    let output = session.type(line)

    #expect(output.hasPrefix("== Welcome =="))
    #expect(output.contains(error + "\n"))
    #expect(NapkinTree.describe(session.shell.root) == "Root\n  LoggedOut\n")
  }

  @Test func anUnknownCommandPrintsHelpAndTheSessionGoesOn() {
    let session = Session()

    let output = session.type("dance")

    #expect(output.hasPrefix("Unknown command `dance`.\n\(Command.helpText)== Welcome =="))
    #expect(session.type("login alice").hasPrefix("== Home =="))
  }

  @Test func aCommandThatTheScreenDoesNotOfferSaysSo() {
    let session = Session()
    session.type("login alice")

    #expect(session.type("back").hasPrefix("`back` is not available on the Home screen.\n"))
    #expect(session.type("login bob").hasPrefix("`login` is not available on the Home screen."))
  }

  @Test func logoutFromAChildScreenReachesWelcome() {
    let session = Session()
    session.type("login alice")
    session.type("settings")

    #expect(session.type("logout").hasPrefix("== Welcome =="))
  }

  @Test func runEndsWithStatusZeroAtQuitWithoutReadingFurther() async {
    let output = OutputBuffer()
    let shell = Shell(
      input: ScriptedInput(["login alice", "quit", "profile"]),
      output: { output.text += $0 }, echo: true, prompt: false)

    #expect(await shell.run() == .success)
    #expect(output.text.contains("> quit\n"))
    #expect(!output.text.contains("> profile"))
  }

  @Test func runEndsWithStatusZeroAtTheEndOfInput() async {
    let output = OutputBuffer()
    let shell = Shell(
      input: ScriptedInput(["login alice", "", "tree"]), output: { output.text += $0 },
      echo: true, prompt: false)

    #expect(await shell.run() == .success)
    #expect(output.text.hasSuffix("Commands: profile, settings, logout, tree, help, quit\n\n"))
  }
}
