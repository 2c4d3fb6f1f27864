import Napkin

/// What the root router asks of its interactor.
@MainActor
protocol RootInteractable: Interactable, LoggedOutListener, LoggedInListener {
  var router: (any RootRouting)? { get set }
}

/// What the root interactor shows: nothing of its own; the root view is a container.
@MainActor
protocol RootPresentable: Presentable {}

/// Switches between the signed-out and the signed-in parts of the tree.
final class RootInteractor: PresentableInteractor<any RootPresentable>, RootInteractable {
  weak var router: (any RootRouting)?

  func didLogIn(as user: User) {
    router?.routeToLoggedIn()
  }

  func didLogOut() {
    router?.routeToLoggedOut()
  }
}
