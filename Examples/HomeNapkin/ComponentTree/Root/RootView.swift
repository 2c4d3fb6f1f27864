import Napkin

/// What the root router does with the root view.
@MainActor
protocol RootViewControllable: LoggedInViewControllable {}

/// The root screen: a container showing LoggedOut's view or, while signed in, Home's.
final class RootView: TerminalScreen, RootViewControllable, RootPresentable {
  private var content: (any TerminalScreen)?

  let title = "HomeNapkin"
  var lines: [String] { [] }
  var commands: [String] { [] }
  var presentedScreen: (any TerminalScreen)? { content }

  func handle(_ command: Command) -> Bool { false }

  func present(_ view: any ViewControllable) {
    content = view as? any TerminalScreen
  }

  func dismiss(_ view: any ViewControllable) {
    if content === view {
      content = nil
    }
  }
}
