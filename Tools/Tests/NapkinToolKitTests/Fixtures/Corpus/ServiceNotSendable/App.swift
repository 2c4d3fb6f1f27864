import Napkin

nonisolated final class Cache {
  var items: [String] = []

  init() {}
}

final class HomeComponent: EmptyComponent, @unchecked Sendable {
  var cache: Cache { shared { Cache() } }
}
