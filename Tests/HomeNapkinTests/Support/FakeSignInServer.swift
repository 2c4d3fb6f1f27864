import Synchronization

@testable import HomeNapkin

/// A sign-in server a test scripts: fixed tokens, refused names, and a record of who asked.
///
/// ```swift
/// let server = FakeSignInServer(tokens: ["alice": "fake-1"], refused: ["mallory": "Locked."])
/// let session = Session(boundaries: HomeNapkinBoundaries(signIn: server))
/// ```
final class FakeSignInServer: SignInServer {
  private let tokens: [String: String]
  private let refused: [String: String]
  private let asked = Mutex<[String]>([])

  init(tokens: [String: String] = [:], refused: [String: String] = [:]) {
    self.tokens = tokens
    self.refused = refused
  }

  /// The names the app asked about, in order.
  var names: [String] { asked.withLock { $0 } }

  func token(for name: String) throws(SignInError) -> String {
    asked.withLock { $0.append(name) }
    if let message = refused[name] { throw SignInError(description: message) }
    return tokens[name] ?? "fake-token-\(name)"
  }
}
