import Napkin

protocol PlayerDependency: Dependency {
  var networkService: NetworkService { get }
  var analytics: Analytics { get }
}

final class PlayerComponent: AppComponent<any PlayerDependency> {
  var playerViewController: PlayerViewController {
    PlayerViewController(analytics: dependency.analytics)
  }
}
