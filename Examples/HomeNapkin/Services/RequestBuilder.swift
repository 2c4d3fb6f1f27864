/// Describes an authenticated request; a fresh one per caller, as it is a cheap per-call helper.
nonisolated final class RequestBuilder: Sendable {
  private let userService: UserService

  init(userService: UserService) {
    self.userService = userService
  }

  /// A request line with the signed-in user's credentials, e.g.
  /// `GET /users/alice/profile (Authorization: Bearer token-alice)`.
  func request(_ method: String, _ path: String) -> String {
    let credentials = userService.currentUser.map { "Bearer \($0.token)" } ?? "none"
    return "\(method) \(path) (Authorization: \(credentials))"
  }
}
