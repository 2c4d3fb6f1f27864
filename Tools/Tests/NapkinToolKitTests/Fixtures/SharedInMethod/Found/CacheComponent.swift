import Napkin

final class CacheComponent: EmptyComponent {
  func cache(named name: String) -> Cache {
    shared { Cache(name: name) }
  }
}
