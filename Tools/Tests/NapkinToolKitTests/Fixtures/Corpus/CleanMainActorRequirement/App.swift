import Napkin

nonisolated protocol BadgeDependency: Dependency {}

final class BadgeComponent: Component<any BadgeDependency>, @unchecked Sendable {}

final class BadgeBuilder: Builder<any BadgeDependency> {
  func build() -> BadgeComponent { BadgeComponent(dependency: dependency) }
}

final class RootComponent: EmptyComponent, @unchecked Sendable {
  @MainActor var badgeBuilder: BadgeBuilder { BadgeBuilder(dependency: self) }
  var home: HomeComponent { HomeComponent(dependency: self) }
}

nonisolated extension RootComponent: BadgeDependency {}

nonisolated protocol HomeDependency: Dependency {
  @MainActor var badgeBuilder: BadgeBuilder { get }
}

nonisolated extension RootComponent: HomeDependency {}

final class HomeComponent: Component<any HomeDependency>, @unchecked Sendable {
  @MainActor var badgeBuilder: BadgeBuilder { dependency.badgeBuilder }
}

/// What reads the pass-through: a caller holding the component.
@MainActor
func badge(of home: HomeComponent) -> BadgeComponent { home.badgeBuilder.build() }
