import Napkin

/// What the LoggedOut router asks of its interactor.
@MainActor
protocol LoggedOutInteractable: Interactable {
  var router: (any LoggedOutRouting)? { get set }
  var listener: (any LoggedOutListener)? { get set }
}

/// What the LoggedOut interactor shows.
@MainActor
protocol LoggedOutPresentable: Presentable {
  var listener: (any LoggedOutPresentableListener)? { get set }
  func show(error: String?)
}

/// What the LoggedOut view reports.
@MainActor
protocol LoggedOutPresentableListener: AnyObject {
  func login(name: String)
}

/// Signs a user in, or shows why the name was refused.
final class LoggedOutInteractor: PresentableInteractor<any LoggedOutPresentable>,
  LoggedOutInteractable, LoggedOutPresentableListener
{
  weak var router: (any LoggedOutRouting)?
  weak var listener: (any LoggedOutListener)?
  private let userService: UserService

  init(presenter: any LoggedOutPresentable, userService: UserService) {
    self.userService = userService
    super.init(presenter: presenter)
    presenter.listener = self
  }

  func login(name: String) {
    do {
      let user = try userService.signIn(name: name)
      presenter.show(error: nil)
      listener?.didLogIn(as: user)
    } catch {
      presenter.show(error: error.description)
    }
  }
}
