import Synchronization

final class UserService: Sendable {}

final class HomeAnalytics: Sendable {
  let userService: UserService
  init(userService: UserService) { self.userService = userService }
}

final class RequestBuilder: Sendable {
  let userService: UserService
  init(userService: UserService) { self.userService = userService }
}

/// Counts how often factories run, from any thread.
final class FactoryCounter: Sendable {
  private let runs = Atomic(0)
  var count: Int { runs.load(ordering: .relaxed) }
  func record() { runs.add(1, ordering: .relaxed) }
}

/// An object whose only job is to be told apart from another instance.
final class Token: Sendable {
  let name: String
  init(_ name: String) { self.name = name }
}
