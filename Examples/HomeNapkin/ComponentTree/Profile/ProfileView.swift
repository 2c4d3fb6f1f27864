import Napkin

/// The profile screen.
final class ProfileView: TerminalScreen, ProfilePresentable, ProfileViewControllable {
  weak var listener: (any ProfilePresentableListener)?
  private var name = ""
  private var request = ""

  let title = "Profile"
  var lines: [String] { ["Name: \(name)", "Loaded with: \(request)"] }
  var commands: [String] { ["back"] }

  func handle(_ command: Command) -> Bool {
    guard command == .back else { return false }
    listener?.close()
    return true
  }

  func show(name: String, request: String) {
    self.name = name
    self.request = request
  }
}
