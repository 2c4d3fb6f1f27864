import Napkin

struct Episode: Sendable {
  var title: String
}

extension Episode {
  static let placeholder = "No episode"
}

nonisolated final class Player: Sendable {
  init() {}

  func describe() -> String { Episode.placeholder }
}

final class HomeComponent: EmptyComponent, @unchecked Sendable {
  var player: Player { shared { Player() } }
}
