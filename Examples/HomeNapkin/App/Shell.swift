import Napkin

/// The read-eval-print loop: reads commands, hands them to the screens, prints the top screen.
///
/// It knows nothing of the napkins beyond the root router: commands reach the interactors through
/// the views, as taps would in a UI. Tests drive it with a ``ScriptedInput`` and capture `output`.
@MainActor
final class Shell {
  let terminal = Terminal()
  let root: any LaunchRouting
  private let input: any LineSource
  private let output: (String) -> Void
  private let echo: Bool
  private let prompt: Bool

  /// - Parameters:
  ///   - echo: repeat each command after `> `, so a piped transcript reads like a session.
  ///   - prompt: print `> ` before reading, for a person at a terminal.
  init(
    component: AppComponent = AppComponent(), input: any LineSource,
    output: @escaping (String) -> Void, echo: Bool, prompt: Bool,
    leakDetector: LeakDetector = .shared
  ) {
    root = RootBuilder(dependency: component).build(leakDetector: leakDetector)
    self.input = input
    self.output = output
    self.echo = echo
    self.prompt = prompt
  }

  /// Launches the tree and runs until `quit` or the end of input; returns the exit status.
  func run() async -> Int32 {
    start()
    while true {
      if prompt { output("> ") }
      guard let line = await input.nextLine(), handle(line) else { break }
    }
    return 0
  }

  /// Launches the tree and prints the first screen.
  func start() {
    root.launch(from: terminal)
    output(terminal.render())
  }

  /// Runs one line of input and prints the screen; returns `false` for `quit`.
  @discardableResult
  func handle(_ line: String) -> Bool {
    if echo { output("> \(line)\n") }
    switch Command.parse(line) {
    case .blank:
      return true
    case .unknown(let text):
      output("Unknown command `\(text)`.\n\(Command.helpText)")
    case .command(.quit):
      return false
    case .command(.help):
      output(Command.helpText)
    case .command(.tree):
      output(NapkinTree.describe(root))
    case .command(let command):
      if !terminal.dispatch(command) {
        let screen = terminal.screens.last?.title ?? "this"
        output("`\(command.keyword)` is not available on the \(screen) screen.\n")
      }
    }
    output(terminal.render())
    return true
  }
}
