import Napkin

/// The signed-in home screen; Profile and Settings are shown over it.
final class HomeView: TerminalScreen, HomePresentable, HomeViewControllable {
  weak var listener: (any HomePresentableListener)?
  private var userName = ""
  private var presented: (any TerminalScreen)?

  let title = "Home"
  var lines: [String] { ["Signed in as \(userName)."] }
  var commands: [String] { ["profile", "settings", "logout"] }
  var presentedScreen: (any TerminalScreen)? { presented }

  func handle(_ command: Command) -> Bool {
    switch command {
    case .profile: listener?.openProfile()
    case .settings: listener?.openSettings()
    case .logout: listener?.logOut()
    default: return false
    }
    return true
  }

  func show(userName: String) {
    self.userName = userName
  }

  func present(_ view: any ViewControllable) {
    presented = view as? any TerminalScreen
  }

  func dismiss(_ view: any ViewControllable) {
    if presented === view {
      presented = nil
    }
  }
}
