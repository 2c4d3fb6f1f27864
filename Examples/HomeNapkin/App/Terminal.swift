import Napkin

/// The view host of the app: holds the root view and renders the screen chain as text.
@MainActor
final class Terminal: ViewHost {
  private(set) var rootView: (any TerminalScreen)?

  func present(rootView: any ViewControllable) {
    guard let screen = rootView as? any TerminalScreen else {
      preconditionFailure("HomeNapkin: the root view \(type(of: rootView)) is not a TerminalScreen")
    }
    self.rootView = screen
  }

  /// The screens from the root to the one on top.
  var screens: [any TerminalScreen] {
    var chain: [any TerminalScreen] = []
    var next = rootView
    while let screen = next {
      chain.append(screen)
      next = screen.presentedScreen
    }
    return chain
  }

  /// Offers `command` to the screens from the top one down; `false` if none answered it.
  func dispatch(_ command: Command) -> Bool {
    for screen in screens.reversed() where screen.handle(command) {
      return true
    }
    return false
  }

  /// The top screen as text, with the commands available on it.
  func render() -> String {
    let chain = screens
    guard let top = chain.last else { return "(nothing to show)\n" }
    var text = "== \(top.title) ==\n"
    for line in top.lines {
      text += line + "\n"
    }
    let available = chain.reversed().flatMap(\.commands) + ["tree", "help", "quit"]
    text += "Commands: \(available.joined(separator: ", "))\n\n"
    return text
  }
}
