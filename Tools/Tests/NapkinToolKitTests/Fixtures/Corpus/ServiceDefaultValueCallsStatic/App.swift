import Napkin

final class Subject<Element: Sendable>: Sendable {
  static func create(bufferSize: Int) -> Subject<Element> { Subject() }
}

nonisolated final class ScoreStream: Sendable {
  private let scores = Subject<Int>.create(bufferSize: 1)
}

final class RootComponent: EmptyComponent, @unchecked Sendable {
  var scores: ScoreStream { shared { ScoreStream() } }
}
