import Napkin

final class Client: Sendable {
  static func make() -> Client { Client() }
}

final class RootComponent: EmptyComponent, @unchecked Sendable {
  var client: Client { shared { Client.make() } }
}
