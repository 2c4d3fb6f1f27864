import Napkin

protocol LoggedInDependency: Dependency {}

final class LoggedInComponent: AppComponent<any LoggedInDependency> {
  var analytics: Analytics { shared { Analytics() } }
  var sessionToken: SessionToken { shared { SessionToken(value: "token") } }

  var homeComponent: HomeComponent { HomeComponent(dependency: self) }

  func track(_ event: String) {
    analytics.track(event)
  }
}
