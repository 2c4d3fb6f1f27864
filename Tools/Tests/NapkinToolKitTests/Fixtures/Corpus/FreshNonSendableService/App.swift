import Napkin

final class ScoreStore {
  var scores: [Int] = []
}

final class RootComponent: EmptyComponent, @unchecked Sendable {
  var store: ScoreStore { ScoreStore() }
}
