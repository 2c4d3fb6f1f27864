import Napkin

/// The routes of the LoggedIn napkin.
@MainActor
protocol LoggedInRouting: Routing {
  func cleanUpViews()
}

/// A viewless router: it attaches Home for the whole session and shows Home's view in the root
/// view it was given.
final class LoggedInRouter: Router<any LoggedInInteractable>, LoggedInRouting {
  private let viewController: any LoggedInViewControllable
  private let homeBuilder: any HomeBuildable
  private var home: (any HomeRouting)?

  init(
    interactor: any LoggedInInteractable, viewController: any LoggedInViewControllable,
    component: LoggedInComponent, homeBuilder: any HomeBuildable
  ) {
    self.viewController = viewController
    self.homeBuilder = homeBuilder
    super.init(interactor: interactor, component: component)
    interactor.router = self
  }

  override func didLoad() {
    let home = homeBuilder.build(withListener: interactor)
    self.home = home
    attachChild(home)
    viewController.present(home.viewControllable)
  }

  func cleanUpViews() {
    if let home {
      viewController.dismiss(home.viewControllable)
    }
  }
}
