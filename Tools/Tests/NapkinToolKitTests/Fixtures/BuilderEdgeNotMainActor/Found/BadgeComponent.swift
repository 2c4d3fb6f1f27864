import Napkin

nonisolated protocol BadgeDependency: Dependency {}

final class BadgeComponent: Component<any BadgeDependency>, @unchecked Sendable {}

final class AppComponent: EmptyComponent, @unchecked Sendable {}
