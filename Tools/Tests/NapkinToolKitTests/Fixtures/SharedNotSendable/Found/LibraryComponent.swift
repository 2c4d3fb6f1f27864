import Napkin

/// Mutable and unguarded: not Sendable.
final class Cache {
  var entries: [String: Int] = [:]
}

class Base {}

final class Index: Base {}

final class LibraryComponent: EmptyComponent, @unchecked Sendable {
  var cache: Cache { shared { Cache() } }
  var index: Index { shared { Index() } }
}
