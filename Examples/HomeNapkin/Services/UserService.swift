import Napkin
import TerminalIO

/// A signed-in user.
nonisolated struct User: Equatable, Sendable {
  let name: String
  /// What requests carry to prove who sent them.
  let token: String
}

/// Why a name cannot sign in; the message says how to fix it.
nonisolated struct SignInError: Error, Equatable, CustomStringConvertible {
  let description: String
}

/// Signs users in and out; one per app, shared down the tree from the app component.
///
/// It checks the name itself, then asks the ``SignInServer`` (the app's boundary, faked in tests)
/// for the user's token.
///
/// Sendable because components are: it is built by a `shared { }` factory on whatever thread first
/// asks, and read from the main actor afterwards.
nonisolated final class UserService: Sendable {
  /// The most characters a name may have, counted as the user sees them (grapheme clusters).
  static let maximumCharacters = 20
  /// The most bytes of UTF-8 a name may have: one character can carry any number of combining
  /// marks, so characters alone do not bound its size.
  static let maximumBytes = 80

  private let server: any SignInServer

  /// The signed-in user, as a state the napkins can read now or follow: RIBs apps keep it in a
  /// `BehaviorRelay`.
  let user = CurrentValue<User?>(nil)

  /// A user service on `server`; the app passes the one its boundaries hold, and
  /// `UserService()`, as the articles' snippets write it, signs in locally.
  init(server: any SignInServer = LocalSignInServer()) {
    self.server = server
  }

  /// The signed-in user, if any.
  var currentUser: User? { user.value }

  /// Signs `name` in. Names are 1 to 20 letters or digits, in at most 80 bytes of UTF-8.
  func signIn(name: String) throws(SignInError) -> User {
    try Self.check(name)
    let signedIn = User(name: name, token: try server.token(for: name))
    user.value = signedIn
    return signedIn
  }

  /// Signs the current user out.
  func signOut() {
    user.value = nil
  }

  private static func check(_ name: String) throws(SignInError) {
    if name.isEmpty {
      throw SignInError(description: "Type a name after login, e.g. `login alice`.")
    }
    // Counted no further than one past the limit: one name can be megabytes long.
    let characters = name.prefix(maximumCharacters + 1).count
    if characters > maximumCharacters {
      throw SignInError(
        description: "Names are at most \(maximumCharacters) characters; try a shorter one.")
    }
    let bytes = name.utf8.count
    if bytes > maximumBytes {
      throw SignInError(
        description: "Names are at most \(maximumBytes) bytes of UTF-8, and this one has "
          + "\(bytes) in \(characters) \(characters == 1 ? "character" : "characters"): "
          + "use fewer accents or marks.")
    }
    if !name.allSatisfy({ $0.isLetter || $0.isNumber }) {
      throw SignInError(
        description:
          "Names are letters and digits only: `\(TerminalText.echoed(name))` has "
          + "other characters.")
    }
  }
}

/// The server that signs users in: the app's boundary, the network in a real app.
///
/// Threading: implementations are `Sendable`; the user service calls them from the main actor.
nonisolated protocol SignInServer: Sendable {
  /// The token for `name`, a name that passed the app's own checks; throws when the server
  /// refuses it, with a message for the user.
  func token(for name: String) throws(SignInError) -> String
}

/// The sign-in of this example: every name is accepted and its token derived from it, without a
/// network.
nonisolated struct LocalSignInServer: SignInServer {
  func token(for name: String) throws(SignInError) -> String {
    "token-\(name.lowercased())"
  }
}
