import Napkin

final class RootComponent: EmptyComponent, @unchecked Sendable {
  var onEvent: () -> Void { shared { {} } }
}
