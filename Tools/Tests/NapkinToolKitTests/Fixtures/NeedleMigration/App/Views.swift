import Napkin

/// The app's view controllers: main-actor, as UIKit's are.
@MainActor
class AppViewController: ViewControllable {
  init() {}
}

final class LoginViewController: AppViewController {
  let network: NetworkService

  init(network: NetworkService) {
    self.network = network
  }
}

final class HomeViewController: AppViewController {}

final class ProfileViewController: AppViewController {}

final class PlayerViewController: AppViewController {
  let analytics: Analytics

  init(analytics: Analytics) {
    self.analytics = analytics
  }
}
