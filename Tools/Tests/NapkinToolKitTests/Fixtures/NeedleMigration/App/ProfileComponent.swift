import Napkin

protocol ProfileDependency: Dependency {
  var networkService: NetworkService { get }
  var sessionToken: SessionToken { get }
  func track(_ event: String)
}

final class ProfileComponent: AppComponent<any ProfileDependency> {
  var profileViewController: ProfileViewController { ProfileViewController() }
}
