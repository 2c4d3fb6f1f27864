import Napkin

enum Services {
  final class Engine: Sendable {
    init() {}
  }
}

final class RootComponent: EmptyComponent, @unchecked Sendable {
  var engine: Services.Engine { shared { Services.Engine() } }
}
