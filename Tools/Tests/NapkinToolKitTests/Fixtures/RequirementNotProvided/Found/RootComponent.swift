import Napkin

nonisolated final class Clock: Sendable {
  init() {}
}

nonisolated protocol HomeDependency: Dependency {
  var clock: Clock { get }
}

final class HomeComponent: Component<any HomeDependency>, @unchecked Sendable {}

final class RootComponent: EmptyComponent, @unchecked Sendable {
  var home: HomeComponent { HomeComponent(dependency: self) }
}

nonisolated extension RootComponent: HomeDependency {}
