import Napkin
import NapkinTesting
import Testing

@testable import HomeNapkin

@MainActor
@Suite struct ExpectDeallocatedTests {
  @Test func anObjectKeptAliveIsRecordedAsAnIssueNamingItsType() async {
    let keeper = Keeper()
    keeper.object = UserService(server: LocalSignInServer())

    let failures = await collectFailures {
      await expectDeallocated(keeper.object!, within: .milliseconds(20))
    }
    #expect(failures.contains { $0.message.contains("Napkin: leak: UserService is still alive") })
  }

  @Test func aLeakedNapkinInADetachedSubtreeIsRecordedWithItsRole() async throws {
    let session = Session()
    session.type("login alice")
    session.type("profile")
    var profile = session.router(named: "Profile")
    let keptInteractor = try #require(profile?.interactable)
    session.type("back")

    // `take()` hands over the last reference; a capture alone would keep the router alive.
    let failures = try await collectFailures {
      await expectDeallocated(try #require(profile.take()), within: .milliseconds(20))
    }
    // The kept interactor holds its presenter, the view, so both are reported.
    let messages = failures.map(\.message)
    #expect(messages.contains { $0.contains("ProfileInteractor, the interactor of ProfileRouter") })
    #expect(messages.contains { $0.contains("ProfileView, the view of ProfileRouter") })
    #expect(!keptInteractor.isActive)
  }

  @Test func anObjectNothingElseHoldsPasses() async {
    await expectDeallocated(UserService(server: LocalSignInServer()))
  }
}

/// Holds an object so that it outlives the helper's call.
@MainActor
final class Keeper {
  var object: AnyObject?
}
