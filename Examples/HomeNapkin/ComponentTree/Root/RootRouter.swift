import Napkin

/// The routes of the root napkin.
@MainActor
protocol RootRouting: LaunchRouting {
  func routeToLoggedOut()
  func routeToLoggedIn()
}

/// The root: LoggedOut while nobody is signed in, LoggedIn (with its tree) while someone is.
final class RootRouter: LaunchRouter<any RootInteractable, any RootViewControllable>, RootRouting {
  private let loggedOutBuilder: any LoggedOutBuildable
  private let loggedInBuilder: any LoggedInBuildable
  private var loggedOut: (any LoggedOutRouting)?
  private var loggedIn: (any LoggedInRouting)?

  init(
    interactor: any RootInteractable, viewController: any RootViewControllable,
    component: RootComponent, loggedOutBuilder: any LoggedOutBuildable,
    loggedInBuilder: any LoggedInBuildable
  ) {
    self.loggedOutBuilder = loggedOutBuilder
    self.loggedInBuilder = loggedInBuilder
    super.init(interactor: interactor, viewController: viewController, component: component)
    interactor.router = self
  }

  override func didLoad() {
    routeToLoggedOut()
  }

  func routeToLoggedOut() {
    if let loggedIn {
      detachChild(loggedIn)  // LoggedIn dismisses its views as it resigns active
      self.loggedIn = nil
    }
    guard loggedOut == nil else { return }
    let child = loggedOutBuilder.build(withListener: interactor)
    loggedOut = child
    attachChild(child)
    viewController.present(child.viewControllable)
  }

  func routeToLoggedIn() {
    if let loggedOut {
      viewController.dismiss(loggedOut.viewControllable)
      detachChild(loggedOut)
      self.loggedOut = nil
    }
    guard loggedIn == nil else { return }
    let child = loggedInBuilder.build(withListener: interactor, viewController: viewController)
    loggedIn = child
    attachChild(child)
  }
}
