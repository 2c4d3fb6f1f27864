import Napkin

nonisolated func makeGreeting() -> String { "hello" }

final class RootComponent: EmptyComponent, @unchecked Sendable {
  func local() -> String { "local" }
  var greeting: String { makeGreeting() }
  var other: String { local() }
}
