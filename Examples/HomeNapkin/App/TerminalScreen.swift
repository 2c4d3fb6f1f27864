import Napkin

/// A view of the terminal view layer: a title, some lines, and the commands it answers.
///
/// Screens form a chain, root first: a container screen presents the next one. The terminal
/// shows the last screen of the chain and offers each command to the screens from the last one
/// back, so `logout` typed on Profile reaches Home, like a responder chain.
@MainActor
protocol TerminalScreen: ViewControllable {
  /// The heading of the screen.
  var title: String { get }
  /// The body of the screen.
  var lines: [String] { get }
  /// The commands this screen answers, as shown to the user.
  var commands: [String] { get }
  /// The screen this one presents, if any.
  var presentedScreen: (any TerminalScreen)? { get }
  /// Answers `command` and returns `true`, or returns `false` to pass it on.
  func handle(_ command: Command) -> Bool
}

extension TerminalScreen {
  var presentedScreen: (any TerminalScreen)? { nil }
}
