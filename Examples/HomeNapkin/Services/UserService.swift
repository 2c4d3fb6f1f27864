import Synchronization

/// A signed-in user.
struct User: Equatable, Sendable {
  let name: String
  /// What requests carry to prove who sent them.
  let token: String
}

/// Why a name cannot sign in; the message says how to fix it.
struct SignInError: Error, Equatable, CustomStringConvertible {
  let description: String
}

/// Signs users in and out; one per app, shared down the tree from the app component.
///
/// Sendable because components are: it is built by a `shared { }` factory on whatever thread first
/// asks, and read from the main actor afterwards.
final class UserService: Sendable {
  private let current = Mutex<User?>(nil)

  /// The signed-in user, if any.
  var currentUser: User? { current.withLock { $0 } }

  /// Signs `name` in. Names are 1 to 20 letters or digits.
  func signIn(name: String) throws(SignInError) -> User {
    if name.isEmpty {
      throw SignInError(description: "Type a name after login, e.g. `login alice`.")
    }
    if name.count > 20 {
      throw SignInError(description: "Names are at most 20 characters; try a shorter one.")
    }
    if !name.allSatisfy({ $0.isLetter || $0.isNumber }) {
      throw SignInError(
        description: "Names are letters and digits only: `\(name)` has other characters.")
    }
    let user = User(name: name, token: "token-\(name.lowercased())")
    current.withLock { $0 = user }
    return user
  }

  /// Signs the current user out.
  func signOut() {
    current.withLock { $0 = nil }
  }
}
