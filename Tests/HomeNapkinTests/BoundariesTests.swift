import Napkin
import NapkinTesting
import Testing

@testable import HomeNapkin

/// The real tree on fake boundaries: the test swaps the sign-in server in one value, and every
/// napkin below is built by its real component.
@MainActor
@Suite struct BoundariesTests {
  @Test func theFakeSignInServerReachesEveryNapkinThroughTheRealComponents() {
    let server = FakeSignInServer(tokens: ["alice": "fake-1"])
    let session = Session(boundaries: HomeNapkinBoundaries(signIn: server))

    session.type("login alice")
    let profile = session.type("profile")

    // Profile's request builder, three components below the app, sees the fake's token.
    #expect(
      profile.contains("Loaded with: GET /users/alice/profile (Authorization: Bearer fake-1)\n"))
    #expect(server.names == ["alice"])
    #expect(
      NapkinTree.describe(session.shell.root) == "Root\n  LoggedIn\n    Home\n      Profile\n")
  }

  @Test func aNameTheServerRefusesStaysSignedOutWithTheServersMessage() {
    let server = FakeSignInServer(refused: ["mallory": "This account is locked."])
    let session = Session(boundaries: HomeNapkinBoundaries(signIn: server))

    let output = session.type("login mallory")

    #expect(output.hasPrefix("== Welcome =="))
    #expect(output.contains("Error: This account is locked.\n"))
    #expect(NapkinTree.describe(session.shell.root) == "Root\n  LoggedOut\n")
  }

  @Test func aNameTheAppRefusesNeverReachesTheServer() {
    let server = FakeSignInServer()
    let session = Session(boundaries: HomeNapkinBoundaries(signIn: server))

    session.type("login al ice")
    session.type("login " + String(repeating: "x", count: 21))

    #expect(server.names.isEmpty)
  }

  @Test func eachAppComponentBuildsItsOwnUserServiceOnTheBoundaries() throws {
    let boundaries = HomeNapkinBoundaries(signIn: FakeSignInServer(tokens: ["bob": "fake-bob"]))
    let first = AppComponent(boundaries: boundaries)
    let second = AppComponent(boundaries: boundaries)

    #expect(first.userService === first.userService)
    #expect(first.userService !== second.userService)
    #expect(try first.userService.signIn(name: "bob").token == "fake-bob")
    #expect(second.userService.currentUser == nil)
  }

  @Test func theLiveBoundariesSignInWithoutANetwork() throws {
    let service = AppComponent(boundaries: .live).userService
    #expect(try service.signIn(name: "Alice").token == "token-alice")
  }

  @Test func aTreeOnFakeBoundariesLeavesNoLeakBehind() async throws {
    let session = Session(boundaries: HomeNapkinBoundaries(signIn: FakeSignInServer()))
    session.type("login alice")
    session.type("profile")
    let profile = try #require(session.router(named: "Profile"))

    session.type("logout")

    await expectDeallocated(consume profile)
    await session.leaks.detector.waitForPendingChecks()
    #expect(session.leaks.reports == [])
  }
}
