import Napkin

/// The sign-in screen.
final class LoggedOutView: TerminalScreen, LoggedOutPresentable, LoggedOutViewControllable {
  weak var listener: (any LoggedOutPresentableListener)?
  private var error: String?

  let title = "Welcome"
  var lines: [String] {
    ["Nobody is signed in. Type `login <name>` to sign in."]
      + (error.map { ["Error: \($0)"] } ?? [])
  }
  var commands: [String] { ["login <name>"] }

  func handle(_ command: Command) -> Bool {
    guard case .login(let name) = command else { return false }
    listener?.login(name: name)
    return true
  }

  func show(error: String?) {
    self.error = error
  }
}
