import Napkin

final class Handler {
  init() {}
}

final class RootComponent: EmptyComponent, @unchecked Sendable {
  var handlers: [Handler] { shared { [Handler]() } }
}
