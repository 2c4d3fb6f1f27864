import Napkin

func makeGreeting() -> String { "hello" }

final class RootComponent: EmptyComponent, @unchecked Sendable {
  var greeting: String { makeGreeting() }
}
