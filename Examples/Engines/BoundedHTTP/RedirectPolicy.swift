import Foundation

/// Which redirects a request may follow.
///
/// - A request that changes something (anything but `GET` and `HEAD`) follows none. URLSession
///   would resend a `POST` answered by 301, 302 or 303 as a `GET`; the `GET` succeeds (a sign-in
///   page, the same resource over `https`) and the client would report a cancel that never
///   happened. A 307 or 308 would resend the `POST` to an address the user never chose.
/// - A `GET` follows at most ``maximumRedirects`` redirects, and only to the same scheme, host and
///   port as the request it started from: a redirect never takes the reading to another server,
///   nor from `https` down to `http`.
///
/// Threading: a value type; `Sendable`.
nonisolated struct RedirectPolicy: Sendable {
  /// How many redirects one `GET` may follow.
  static let maximumRedirects = 5

  /// What to do with one redirect.
  enum Decision: Equatable {
    case follow
    case refuse(ServerError.Reason)
  }

  /// Decides on a redirect answered with `status` to `target`, for a request that started as
  /// `method` to `origin` and has followed `followed` redirects so far.
  static func decide(
    method: String, origin: URL?, status: Int, target: URL?, followed: Int
  ) -> Decision {
    let location = target?.absoluteString ?? "(no address)"
    guard ["GET", "HEAD"].contains(method.uppercased()) else {
      return .refuse(.mutationRedirected(status: status, location: location))
    }
    guard let origin, let target, sameOrigin(origin, target) else {
      return .refuse(.redirectedElsewhere(location: location))
    }
    guard followed < maximumRedirects else { return .refuse(.tooManyRedirects) }
    return .follow
  }

  private static func sameOrigin(_ first: URL, _ second: URL) -> Bool {
    func origin(_ url: URL) -> (String, String, Int?)? {
      guard let scheme = url.scheme?.lowercased(), let host = url.host()?.lowercased() else {
        return nil
      }
      return (scheme, host, url.port ?? defaultPorts[scheme])
    }
    guard let first = origin(first), let second = origin(second) else { return false }
    return first == second
  }

  private static let defaultPorts = ["http": 80, "https": 443]
}
