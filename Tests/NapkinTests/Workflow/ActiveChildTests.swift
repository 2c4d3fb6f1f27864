import Foundation
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
@Suite(.timeLimit(.minutes(1))) struct ActiveChildTests {
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

  @Test func aWaitOnAGrandchildEndsWhenItsParentIsDetachedAndKeepsNothingAlive() async throws {
    var reports: [LeakReport] = []
    // The ended wait's task lets go of the routers in a later main-actor turn, which a loaded
    // machine running the whole suite has delayed past 500 ms (seen twice on 2 cores) and could
    // delay past any short grace period. The claim is "released", not "released fast", so the
    // grace period is longer than any load (yet inside the suite's one-minute limit):
    // `waitForPendingChecks()` returns as soon as both routers are gone, and only a real leak
    // waits it out and is reported.
    let detector = LeakDetector(gracePeriod: .seconds(40)) { reports.append($0) }
    root.leakDetector = detector
    var parent: Router<Interactor>? = Router(interactor: Interactor())
    var grandchild: Router<Interactor>? = Router(interactor: Interactor())
    weak let releasedGrandchild = grandchild
    root.attachChild(try #require(parent))
    try #require(parent).attachChild(try #require(grandchild))
    let link = Task.immediate { @MainActor [grandchild] in
      try await grandchild?.activeChild(as: (any SignedInRole).self).user
    }
    grandchild = nil
    root.detachChild(try #require(parent))
    parent = nil
    await #expect(throws: ChildWaitError.routerDetached) { try await link.value }
    await detector.waitForPendingChecks()
    #expect(releasedGrandchild == nil)
    #expect(reports.isEmpty)
  }

  @Test func aWaitOnAGrandchildEndsWhenItsParentIsReleasedWithoutADetach() async throws {
    var parent: Router<Interactor>? = Router(interactor: Interactor())
    parent?.interactable.activate()
    let grandchild = Router(interactor: Interactor())
    try #require(parent).attachChild(grandchild)
    let link = Task.immediate { @MainActor in
      try await grandchild.activeChild(as: (any SignedInRole).self).user
    }
    parent = nil
    await #expect(throws: ChildWaitError.routerDetached) { try await link.value }
  }

  @Test func aWaitThatBeginsOnANapkinThatLeftTheTreeEndsAtOnce() async throws {
    let parent = Router(interactor: Interactor())
    let grandchild = Router(interactor: Interactor())
    // This test keeps the detached `parent` on purpose, to attach it again; on a loaded machine
    // the first wait can outlast the shared detector's grace period, which would then report
    // it. A detector that waits longer than the test runs, reporting to nobody, lets it keep it.
    root.leakDetector = LeakDetector(gracePeriod: .seconds(60)) { _ in }
    root.attachChild(parent)
    parent.attachChild(grandchild)
    root.detachChild(parent)
    await #expect(throws: ChildWaitError.routerDetached) {
      try await grandchild.activeChild(as: (any SignedInRole).self).user
    }
    // Attached again, it can be waited on again.
    root.attachChild(parent)
    let link = Task.immediate { @MainActor in
      try await grandchild.activeChild(as: (any SignedInRole).self).user
    }
    grandchild.attachChild(signedIn("ada"))
    #expect(try await link.value == "ada")
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

/// Timeouts at the edge of `Duration`, in a process of their own: before the fix the timer's
/// sleep trapped ("Not enough bits"), which would take the whole test run down with it.
@Suite struct ChildWaitTimeoutTests {
  #if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD) || os(Windows)
    @Test func aTimeoutOfAnySizeIsAcceptedWithoutATrap() async {
      await #expect(processExitsWith: .success) {
        let user = try await Self.waitWithTheLongestTimeout()
        if user != "grace" { exit(1) }
      }
    }
  #endif

  @MainActor
  static func waitWithTheLongestTimeout() async throws -> String {
    let root = Router(interactor: Interactor())
    root.interactable.activate()
    let link = Task.immediate { @MainActor in
      try await root.activeChild(as: (any SignedInRole).self, timeout: .seconds(Int64.max)).user
    }
    // Let the timer begin its sleep before the child comes.
    try await Task.sleep(for: .milliseconds(50))
    root.attachChild(Router(interactor: SignedInInteractor(user: "grace")))
    return try await link.value
  }
}
