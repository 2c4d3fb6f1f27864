import Napkin

final class NetworkEngine: Sendable {
  init() {}
}

typealias Engine = NetworkEngine

final class RootComponent: EmptyComponent, @unchecked Sendable {
  var engine: Engine { shared { Engine() } }
}
