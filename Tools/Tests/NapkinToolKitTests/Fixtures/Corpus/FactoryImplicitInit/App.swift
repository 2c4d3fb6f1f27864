import Napkin

struct Settings: Sendable {
  var retries: Int
  init() { retries = 3 }
}

final class RootComponent: EmptyComponent, @unchecked Sendable {
  var settings: Settings { shared { .init() } }
}
