import Napkin

nonisolated final class Analytics: Sendable {
  init() {}

  func record(_ event: String) {}
}

final class RootComponent: EmptyComponent, @unchecked Sendable {
  var analytics: Analytics { shared { Analytics() } }
  var home: HomeComponent { HomeComponent(dependency: self) }

  func track(_ event: String, count: Int) {
    analytics.record(event)
  }
}

nonisolated protocol HomeDependency: Dependency {
  func track(_ event: String, count: Int)
}

nonisolated extension RootComponent: HomeDependency {}

final class HomeComponent: Component<any HomeDependency>, @unchecked Sendable {
  var profile: ProfileComponent { ProfileComponent(dependency: self) }
  func track(_ event: String, count: Int) { dependency.track(event, count: count) }
}

nonisolated protocol ProfileDependency: Dependency {
  func track(_ event: String, count: Int)
}

nonisolated extension HomeComponent: ProfileDependency {}

final class ProfileComponent: Component<any ProfileDependency>, @unchecked Sendable {}
