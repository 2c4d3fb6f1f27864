import Napkin
import Testing

/// The role a deep link waits for: what a logged-in napkin offers it.
@MainActor
protocol SignedInRole: AnyObject {
  var user: String { get }
}

final class SignedInInteractor: Interactor, SignedInRole {
  let user: String
  init(user: String) { self.user = user }
}

/// A deep link's wait for the tree, the way a RIBs workflow waits: for a child napkin that plays
/// a role and is active.
@MainActor
@Suite struct ActiveChildTests {
  let root = Router(interactor: Interactor())

  init() {
    root.interactable.activate()
    root.load()
  }

  func signedIn(_ user: String) -> Router<SignedInInteractor> {
    Router(interactor: SignedInInteractor(user: user))
  }

  @Test func aWaitResumesWhenAChildPlayingTheRoleIsAttached() async throws {
    let link = Task.immediate { @MainActor in
      try await root.activeChild(as: (any SignedInRole).self).user
    }
    root.attachChild(Router(interactor: Interactor()))  // another napkin: not what it waits for
    root.attachChild(signedIn("alice"))
    #expect(try await link.value == "alice")
  }

  @Test func aChildAlreadyActiveIsReturnedAtOnce() async throws {
    root.attachChild(signedIn("ada"))
    let found = try await root.activeChild(as: (any SignedInRole).self)
    #expect(found.user == "ada")
  }

  @Test func deepLinksWaitingForOneChildResumeInTheOrderTheyBegan() async throws {
    for _ in 0..<20 {
      let root = Router(interactor: Interactor())
      root.interactable.activate()
      var order: [Int] = []
      let links = (0..<5).map { number in
        Task.immediate { @MainActor in
          _ = try await root.activeChild(as: (any SignedInRole).self)
          order.append(number)
        }
      }
      root.attachChild(signedIn("alice"))
      for link in links { try await link.value }
      #expect(order == [0, 1, 2, 3, 4])
    }
  }

  @Test func aWaitEndsWhenItsTaskIsCancelled() async {
    let link = Task.immediate { @MainActor in
      try await root.activeChild(as: (any SignedInRole).self).user
    }
    link.cancel()
    await #expect(throws: CancellationError.self) { try await link.value }
  }

  @Test func aWaitEndsWhenItsRouterIsDetached() async throws {
    var loggedIn: Router<Interactor>? = Router(interactor: Interactor())
    root.attachChild(try #require(loggedIn))
    let wait = try #require(loggedIn).childWait(as: (any SignedInRole).self)
    let link = Task.immediate { @MainActor in try await wait.value().user }
    root.detachChild(try #require(loggedIn))
    loggedIn = nil  // nothing else holds it: the wait keeps the router only weakly
    await #expect(throws: ChildWaitError.routerDetached) { try await link.value }
  }

  @Test func aWaitEndsAfterItsTimeout() async {
    await #expect(throws: ChildWaitError.timedOut(.milliseconds(20))) {
      try await root.activeChild(as: (any SignedInRole).self, timeout: .milliseconds(20)).user
    }
  }

  @Test func aWaitingDeepLinkKeepsNoDetachedNapkinAlive() async throws {
    var other: Router<Interactor>? = Router(interactor: Interactor())
    weak let released = other
    let link = Task.immediate { @MainActor in
      try await root.activeChild(as: (any SignedInRole).self).user
    }
    root.attachChild(try #require(other))
    root.detachChild(try #require(other))
    other = nil
    #expect(released == nil)
    link.cancel()
    _ = try? await link.value
  }
}

@MainActor
@Suite struct ChildWaitTests {
  @Test func aWaitOnARouterThatIsReleasedEndsWithRouterReleased() async {
    var loggedIn: Router<Interactor>? = Router(interactor: Interactor())
    weak let released = loggedIn
    guard let wait = loggedIn?.childWait(as: (any SignedInRole).self) else { return }
    let link = Task.immediate { @MainActor in try await wait.value().user }
    loggedIn = nil
    #expect(released == nil)
    await #expect(throws: ChildWaitError.routerReleased) { try await link.value }
  }
}
