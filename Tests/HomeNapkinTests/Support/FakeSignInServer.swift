import Foundation

@testable import HomeNapkin

/// A sign-in server a test scripts: fixed tokens, refused names, and a record of who asked.
///
/// ```swift
/// let server = FakeSignInServer(tokens: ["alice": "fake-1"], refused: ["mallory": "Locked."])
/// let session = Session(boundaries: HomeNapkinBoundaries(signIn: server))
/// ```
///
/// The names asked sit behind an `NSLock`, by the project's lock rule (CONTRIBUTING.md, "Locks"):
/// this target cannot import NapkinOnce's `Locked`, and ThreadSanitizer sees pthread's hand-offs,
/// not a contended `Mutex`'s.
final class FakeSignInServer: SignInServer, @unchecked Sendable {
  // SAFETY: `asked` is read and written only inside `lock.withLock`; every other stored property
  // is a `let` of a Sendable type.
  private let tokens: [String: String]
  private let refused: [String: String]
  private let lock = NSLock()
  private var asked: [String] = []

  init(tokens: [String: String] = [:], refused: [String: String] = [:]) {
    self.tokens = tokens
    self.refused = refused
  }

  /// The names the app asked about, in order.
  var names: [String] { lock.withLock { asked } }

  func token(for name: String) throws(SignInError) -> String {
    lock.withLock { asked.append(name) }
    if let message = refused[name] { throw SignInError(description: message) }
    return tokens[name] ?? "fake-token-\(name)"
  }
}
