import Napkin

protocol LoggedOutDependency: Dependency {
  var networkService: NetworkService { get }
}

final class LoggedOutComponent: AppComponent<any LoggedOutDependency> {
  var loginViewController: LoginViewController {
    LoginViewController(network: dependency.networkService)
  }
}
