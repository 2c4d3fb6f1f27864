import Napkin

@MainActor final class GameViewController {}

final class RootComponent: EmptyComponent, @unchecked Sendable {
  var game: GameComponent { GameComponent(dependency: self) }
}

nonisolated protocol GameDependency: Dependency {}
nonisolated extension RootComponent: GameDependency {}

nonisolated protocol GameBuilder {
  var gameViewController: GameViewController { get }
}

final class GameComponent: Component<any GameDependency>, GameBuilder, @unchecked Sendable {
  var gameViewController: GameViewController { GameViewController() }
}
