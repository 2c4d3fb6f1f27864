import Napkin
import NapkinTesting
import Testing

@testable import HomeNapkin

@MainActor
@Suite struct ExpectDeallocatedTests {
  @Test func anObjectKeptAliveIsRecordedAsAnIssueNamingItsType() async {
    let keeper = Keeper()
    keeper.object = UserService(server: LocalSignInServer())

    await withKnownIssue {
      await expectDeallocated(keeper.object!, within: .milliseconds(20))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Napkin: leak: UserService is still alive") }
    }
  }

  @Test func aLeakedNapkinInADetachedSubtreeIsRecordedWithItsRole() async throws {
    let session = Session()
    session.type("login alice")
    session.type("profile")
    var profile = session.router(named: "Profile")
    let keptInteractor = try #require(profile?.interactable)
    session.type("back")

    try await withKnownIssue {
      // `take()` hands over the last reference; a capture alone would keep the router alive.
      await expectDeallocated(try #require(profile.take()), within: .milliseconds(20))
    } matching: { issue in
      // The kept interactor holds its presenter, the view, so both are reported.
      issue.comments.contains {
        $0.rawValue.contains("ProfileInteractor, the interactor of ProfileRouter, is still alive")
          || $0.rawValue.contains("ProfileView, the view of ProfileRouter, is still alive")
      }
    }
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
