import Synchronization

/// Records which screens a signed-in user opened: one log per logged-in session.
///
/// `HomeComponent` shares one instance (`shared { }`) between Home, Profile and Settings, so the
/// log survives those napkins coming and going, and ends with the session's `HomeComponent`.
nonisolated final class HomeAnalytics: Sendable {
  private let userService: UserService
  private let log = Mutex<[String]>([])

  init(userService: UserService) {
    self.userService = userService
  }

  /// Records `event` for the signed-in user.
  func track(_ event: String) {
    let user = userService.currentUser?.name ?? "nobody"
    log.withLock { $0.append("\(user): \(event)") }
  }

  /// Every event so far, oldest first.
  var events: [String] { log.withLock { $0 } }
}
