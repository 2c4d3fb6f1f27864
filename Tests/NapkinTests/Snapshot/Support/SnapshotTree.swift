import Napkin

/// A small tree with real components, for snapshots: an app component above the root napkin's
/// component, which builds a `FeedComponent` for its `Feed` child.
protocol SnapshotRootDependency: Dependency {
  var userService: UserService { get }
}

// SAFETY: no stored state of its own; Component's proof holds.
final class SnapshotAppComponent: EmptyComponent, SnapshotRootDependency, @unchecked Sendable {
  var userService: UserService { shared { UserService() } }
}

// SAFETY: no stored state of its own; Component's proof holds.
final class SnapshotRootComponent: Component<any SnapshotRootDependency>, @unchecked Sendable {
  var homeAnalytics: HomeAnalytics {
    shared { HomeAnalytics(userService: dependency.userService) }
  }
  var secret: Secret { shared { Secret(password: "hunter2") } }
  var status: Status { shared { Status(text: String(repeating: "x", count: 500)) } }
  var requestBuilder: RequestBuilder { RequestBuilder(userService: dependency.userService) }

  /// The instance of key `number`, for tests that build many keys from many threads.
  func numbered(_ number: Int) -> Token {
    shared(forCallerKey: "token\(number)") { Token("token\(number)") }
  }
}

/// A value whose contents must never reach a snapshot.
final class Secret: Sendable {
  let password: String
  init(password: String) { self.password = password }
}

/// A value that chooses what a snapshot says about it.
struct Status: SnapshotDescribable, Sendable {
  let text: String
  var snapshotDescription: String { text }
}

final class FeedRouter: Router<Interactor> {}

final class FeedPresenter: Presenter<FeedView> {}

final class FeedView: ViewControllable {}

final class FeedPresentingInteractor: PresentableInteractor<FeedPresenter> {}

final class FeedViewRouter: ViewableRouter<FeedPresentingInteractor, FeedView> {}

/// An interactor with a task that waits until the test ends it, and a cleanup.
final class BusyInteractor: Interactor {
  override func didBecomeActive() {
    task { try await Task.sleep(for: .seconds(3600)) }
    disposeOnDeactivate {}
  }
}

final class BusyRouter: Router<BusyInteractor> {}
