import Napkin

func defaultName() -> String { "client" }

nonisolated final class Client: Sendable {
  let name: String
  init(name: String = defaultName()) { self.name = name }
}

final class RootComponent: EmptyComponent, @unchecked Sendable {
  var client: Client { shared { Client() } }
}
