import Napkin

/// What the Home router asks of its interactor.
@MainActor
protocol HomeInteractable: Interactable, ProfileListener, SettingsListener {
  var router: (any HomeRouting)? { get set }
  var listener: (any HomeListener)? { get set }
}

/// What the Home interactor shows.
@MainActor
protocol HomePresentable: Presentable {
  var listener: (any HomePresentableListener)? { get set }
  func show(userName: String)
}

/// What the Home view reports.
@MainActor
protocol HomePresentableListener: AnyObject {
  func openProfile()
  func openSettings()
  func logOut()
}

/// The signed-in home screen's logic: opens Profile or Settings, closes them, signs out.
final class HomeInteractor: PresentableInteractor<any HomePresentable>, HomeInteractable,
  HomePresentableListener
{
  weak var router: (any HomeRouting)?
  weak var listener: (any HomeListener)?
  private let userService: UserService
  private let analytics: HomeAnalytics

  init(presenter: any HomePresentable, userService: UserService, analytics: HomeAnalytics) {
    self.userService = userService
    self.analytics = analytics
    super.init(presenter: presenter)
    presenter.listener = self
  }

  override func didBecomeActive() {
    analytics.track("home")
    presenter.show(userName: userService.currentUser?.name ?? "nobody")
  }

  func openProfile() {
    router?.routeToProfile()
  }

  func openSettings() {
    router?.routeToSettings()
  }

  func logOut() {
    listener?.homeDidRequestLogOut()
  }

  func profileDidRequestClose() {
    router?.routeBack()
  }

  func settingsDidRequestClose() {
    router?.routeBack()
  }
}
