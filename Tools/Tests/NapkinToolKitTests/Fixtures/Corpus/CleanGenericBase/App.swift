import Napkin

nonisolated final class Clock: Sendable {
  init() {}
}

class AppComponent<DependencyType>: Component<DependencyType>, @unchecked Sendable {}

final class RootComponent: EmptyComponent, @unchecked Sendable {
  var clock: Clock { shared { Clock() } }
  var home: HomeComponent { HomeComponent(dependency: self) }
}

nonisolated protocol HomeDependency: Dependency {
  var clock: Clock { get }
}

nonisolated extension RootComponent: HomeDependency {}

typealias HomeComponentBase = AppComponent<any HomeDependency>

final class HomeComponent: HomeComponentBase, @unchecked Sendable {
  var clock: Clock { dependency.clock }
}

/// What reads the pass-through: a caller holding the component.
func clock(of home: HomeComponent) -> Clock { home.clock }
