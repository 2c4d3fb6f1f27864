import Napkin

nonisolated protocol BadgeDependency: Dependency {
  var userName: String { get }
}

final class BadgeComponent: Component<any BadgeDependency>, @unchecked Sendable {}

final class AppComponent: EmptyComponent, @unchecked Sendable {}
