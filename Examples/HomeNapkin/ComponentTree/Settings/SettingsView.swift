import Napkin

/// The settings screen.
final class SettingsView: TerminalScreen, SettingsPresentable, SettingsViewControllable {
  weak var listener: (any SettingsPresentableListener)?
  private var events: [String] = []
  private var syncRequest = ""

  let title = "Settings"
  var lines: [String] {
    [
      "Screens opened this session: \(events.joined(separator: ", "))",
      "Saved with: \(syncRequest)",
    ]
  }
  var commands: [String] { ["back"] }

  func handle(_ command: Command) -> Bool {
    guard command == .back else { return false }
    listener?.close()
    return true
  }

  func show(events: [String], syncRequest: String) {
    self.events = events
    self.syncRequest = syncRequest
  }
}
