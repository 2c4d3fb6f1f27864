import Napkin

nonisolated final class Clock: Sendable {
  init() {}
}

protocol HomeDependency: Dependency {
  var clock: Clock { get }
}

final class RootComponent: EmptyComponent, @unchecked Sendable {
  var clock: Clock { shared { Clock() } }
}

nonisolated extension RootComponent: HomeDependency {}

final class HomeComponent: Component<any HomeDependency>, @unchecked Sendable {
  var clock: Clock { dependency.clock }
}

/// What reads the pass-through: a caller holding the component.
func clock(of home: HomeComponent) -> Clock { home.clock }
