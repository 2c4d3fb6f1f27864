import Napkin

/// The app's services, as a Needle app has them: not yet `Sendable` or `nonisolated`.
final class NetworkService: Sendable {
  let host: String

  init() {
    host = "example.org"
  }

  func fetch(_ path: String) -> String { host + path }
}

/// A service with mutable state: only a person can choose how to guard it.
final class ImageCache {
  var images: [String: String] = [:]

  init() {}
}

final class Analytics: Sendable {
  init() {}

  func track(_ event: String) {}
}

final class FeedStore: Sendable {
  let network: NetworkService

  init(network: NetworkService) {
    self.network = network
  }
}

final class SessionToken: Sendable {
  let value: String

  init(value: String) {
    self.value = value
  }
}
