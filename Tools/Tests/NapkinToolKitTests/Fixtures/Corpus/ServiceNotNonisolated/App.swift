import Napkin

final class Service: Sendable {
  init() {}
}

struct Settings: Sendable {
  var volume = 5
}

final class HomeComponent: EmptyComponent, @unchecked Sendable {
  var service: Service { shared { Service() } }
  var settings: Settings { Settings() }
}
