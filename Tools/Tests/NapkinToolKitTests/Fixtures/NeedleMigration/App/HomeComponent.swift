import Napkin

protocol HomeDependency: Dependency {}

final class HomeComponent: AppComponent<any HomeDependency> {
  var feedStore: FeedStore { shared { FeedStore(network: networkService) } }

  var homeViewController: HomeViewController { HomeViewController() }
  var feedBuilder: FeedBuilder { FeedBuilder(dependency: self) }
  var settingsComponent: SettingsComponent { SettingsComponent(dependency: self) }
  var profileComponent: ProfileComponent { ProfileComponent(dependency: self) }
}
