import Napkin

final class RootComponent: EmptyComponent {
  var networkService: NetworkService { shared { NetworkService() } }
  var imageCache: ImageCache { shared { ImageCache() } }

  var loggedOutComponent: LoggedOutComponent { LoggedOutComponent(dependency: self) }
  var loggedInComponent: LoggedInComponent { LoggedInComponent(dependency: self) }
}
