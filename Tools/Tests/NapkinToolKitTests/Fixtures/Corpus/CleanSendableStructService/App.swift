import Napkin

struct RetryPolicy: Sendable {
  var attempts = 3
}

final class RootComponent: EmptyComponent, @unchecked Sendable {
  var policy: RetryPolicy { shared { RetryPolicy() } }
}
