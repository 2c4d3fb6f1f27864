import Napkin

@testable import HomeNapkin

/// What Home needs, without the tree above it.
final class FakeHomeDependency: HomeDependency, Sendable {
  let userService = UserService(server: FakeSignInServer())
}
