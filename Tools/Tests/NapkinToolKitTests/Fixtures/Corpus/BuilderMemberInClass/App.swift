import Napkin

nonisolated protocol BadgeDependency: Dependency {}

final class BadgeComponent: Component<any BadgeDependency>, @unchecked Sendable {}

final class BadgeBuilder: Builder<any BadgeDependency> {
  func build() -> BadgeComponent { BadgeComponent(dependency: dependency) }
}

final class HomeComponent: EmptyComponent, @unchecked Sendable {
  var badgeBuilder: BadgeBuilder { BadgeBuilder(dependency: self) }
}

nonisolated extension HomeComponent: BadgeDependency {}
