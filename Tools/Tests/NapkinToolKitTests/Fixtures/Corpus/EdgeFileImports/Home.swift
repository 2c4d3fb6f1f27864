import Napkin

nonisolated protocol HomeDependency: Dependency {}

final class HomeComponent: Component<any HomeDependency>, @unchecked Sendable {
  var player: PlayerComponent { PlayerComponent(dependency: self) }
}
