import Napkin

/// What the Profile router asks of its interactor.
@MainActor
protocol ProfileInteractable: Interactable {
  var router: (any ProfileRouting)? { get set }
  var listener: (any ProfileListener)? { get set }
}

/// What the Profile interactor shows.
@MainActor
protocol ProfilePresentable: Presentable {
  var listener: (any ProfilePresentableListener)? { get set }
  func show(name: String, request: String)
}

/// What the Profile view reports.
@MainActor
protocol ProfilePresentableListener: AnyObject {
  func close()
}

/// Shows who is signed in and the request that would load their profile.
final class ProfileInteractor: PresentableInteractor<any ProfilePresentable>,
  ProfileInteractable, ProfilePresentableListener
{
  weak var router: (any ProfileRouting)?
  weak var listener: (any ProfileListener)?
  private let userService: UserService
  private let analytics: HomeAnalytics
  private let requestBuilder: RequestBuilder

  init(
    presenter: any ProfilePresentable, userService: UserService, analytics: HomeAnalytics,
    requestBuilder: RequestBuilder
  ) {
    self.userService = userService
    self.analytics = analytics
    self.requestBuilder = requestBuilder
    super.init(presenter: presenter)
    presenter.listener = self
  }

  override func didBecomeActive() {
    analytics.track("profile")
    let name = userService.currentUser?.name ?? "nobody"
    presenter.show(name: name, request: requestBuilder.request("GET", "/users/\(name)/profile"))
  }

  func close() {
    listener?.profileDidRequestClose()
  }
}
