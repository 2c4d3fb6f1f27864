import Napkin

/// A service, main-actor in an Xcode 26 app target until it says otherwise.
final class Clock: Sendable {
  init() {}
}

final class RootComponent: EmptyComponent, @unchecked Sendable {
  var clock: Clock { shared { Clock() } }
}
