import Napkin

/// What the LoggedIn router asks of its interactor.
@MainActor
protocol LoggedInInteractable: Interactable, HomeListener {
  var router: (any LoggedInRouting)? { get set }
  var listener: (any LoggedInListener)? { get set }
}

/// Owns the signed-in session: signs out when Home asks, and takes its views down when detached.
final class LoggedInInteractor: Interactor, LoggedInInteractable {
  weak var router: (any LoggedInRouting)?
  weak var listener: (any LoggedInListener)?
  let userService: UserService

  init(userService: UserService) {
    self.userService = userService
  }

  override func willResignActive() {
    // A viewless napkin shows its children in its parent's view, so it must remove them itself.
    router?.cleanUpViews()
  }

  func homeDidRequestLogOut() {
    userService.signOut()
    listener?.didLogOut()
  }
}
