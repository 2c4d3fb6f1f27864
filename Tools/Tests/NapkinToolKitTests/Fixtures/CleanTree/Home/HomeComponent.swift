import Napkin

nonisolated protocol HomeDependency: Dependency {
  var userService: any UserService { get }
  var session: Session { get }
}

final class HomeComponent: Component<any HomeDependency> {
  var userService: any UserService { dependency.userService }

  var homeAnalytics: HomeAnalytics {
    shared { HomeAnalytics(session: dependency.session) }
  }

  var requestBuilder: RequestBuilder {
    RequestBuilder(userService: dependency.userService)
  }
}
