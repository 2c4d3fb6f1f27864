import Napkin

nonisolated protocol ProfileDependency: Dependency {
  var analytics: Analytics { get }
}

final class ProfileComponent: Component<any ProfileDependency>, @unchecked Sendable {
  var tracker: Tracker { shared { Tracker(analytics: dependency.analytics) } }
}
