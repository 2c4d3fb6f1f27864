import Napkin

final class CacheComponent: EmptyComponent {
  func cache(named name: String) -> Cache {
    shared(forCallerKey: "cache-\(name)") { Cache(name: name) }
  }

  func defaultCache() -> Cache {
    shared { Cache(name: "default") }
  }
}

/// Not a component: a `shared` of its own, whatever it means.
final class Pool {
  func connection(to host: String) -> Connection {
    shared { Connection(host: host) }
  }
}
