import Napkin
import NapkinTesting
import Testing

@testable import HomeNapkin

/// `open profile/<name>`: a deep link that waits for the sign-in, then for Home, as a RIBs
/// workflow does.
@MainActor
@Suite struct DeepLinkTests {
  @Test func aLinkOpenedWhileSignedOutOpensTheProfileOnceTheUserSignsIn() async {
    let session = Session()
    session.type("open profile/alice")
    #expect(session.router(named: "Profile") == nil)

    session.type("login alice")
    await session.shell.root.settle()

    #expect(session.router(named: "Profile") != nil)
    #expect(session.printedSince.contains("Opened alice's profile from the link."))
    #expect(session.printedSince.contains("== Profile ==\nName: alice\n"))
  }

  @Test func aLinkOpenedWhileSignedInOpensTheProfileAtOnce() async {
    let session = Session()
    session.type("login alice")
    session.type("open profile/alice")
    await session.shell.root.settle()
    #expect(session.router(named: "Profile") != nil)
  }

  @Test func aLinkForAnotherUserIsDroppedWithAMessage() async {
    let session = Session()
    session.type("open profile/bob")
    session.type("login ada")
    await session.shell.root.settle()
    #expect(session.router(named: "Profile") == nil)
    #expect(session.printedSince.contains("The link to bob's profile was dropped: ada signed in."))
  }

  @Test func aLinkThatIsNotOneOfTheAppsIsRefusedWithTheirShape() {
    let session = Session()
    #expect(
      session.type("open settings/x").hasPrefix(
        "`settings/x` is not a link HomeNapkin knows; links look like `profile/alice`.\n"))
  }

  @Test func aWaitingLinkKeepsNoNapkinAliveWhenTheTreeIsDropped() async {
    var session: Session? = Session()
    session?.type("open profile/alice")
    await session?.shell.root.settle()
    weak let root = session?.shell.root
    session = nil
    #expect(root == nil)
  }
}
