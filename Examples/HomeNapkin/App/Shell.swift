import Napkin
import TerminalIO

/// The read-eval-print loop: reads commands, hands them to the screens, prints the top screen.
///
/// It knows nothing of the napkins beyond the root router: commands reach the interactors through
/// the views, as taps would in a UI. Tests drive it with a ``ScriptedInput`` and capture `output`.
///
/// The tree is built on the app's boundaries (``HomeNapkinBoundaries``): `.live` in the program,
/// fakes in a test or a preview; every napkin below is the real one.
///
/// Text the user typed is escaped before it is echoed (``TerminalText``). When `output` throws
/// (standard output is full, closed or a pipe nobody reads), the shell stops reading and ``run()``
/// returns 1, with the error in ``outputFailure``.
@MainActor
final class Shell {
  let terminal = Terminal()
  let root: any LaunchRouting
  /// Why the output failed, if it did.
  private(set) var outputFailure: (any Error)?
  private let input: any LineSource
  private let output: (String) throws -> Void
  private let echo: Bool
  private let prompt: Bool
  private let recorder: LiveTreeRecorder?

  /// - Parameters:
  ///   - boundaries: the services at the edge of the app; the components build the rest.
  ///   - echo: repeat each command after `> `, so a piped transcript reads like a session.
  ///   - prompt: print `> ` before reading, for a person at a terminal.
  ///   - recorder: where the live tree's snapshot goes after every command (`--snapshot`).
  init(
    boundaries: HomeNapkinBoundaries = .live, input: any LineSource,
    output: @escaping (String) throws -> Void, echo: Bool, prompt: Bool,
    leakDetector: LeakDetector = .shared, recorder: LiveTreeRecorder? = nil
  ) {
    let component = AppComponent(boundaries: boundaries)
    root = RootBuilder(dependency: component).build(leakDetector: leakDetector)
    self.input = input
    self.output = output
    self.echo = echo
    self.prompt = prompt
    self.recorder = recorder
  }

  /// Launches the tree and runs until `quit` or the end of input; returns ``ExitCode/success``, or
  /// ``ExitCode/failure`` when the output could not be written.
  ///
  /// - Parameter link: a deep link to open once the tree is up (`--open profile/alice`).
  func run(opening link: DeepLink? = nil) async -> ExitCode {
    do {
      try start()
      if let link { open(link) }
      while outputFailure == nil {
        if prompt { try output("> ") }
        guard let line = await input.nextLine(), try handle(line) else { break }
      }
      return outputFailure == nil ? .success : .failure
    } catch {
      outputFailure = error
      return .failure
    }
  }

  /// Launches the tree and prints the first screen.
  func start() throws {
    root.launch(from: terminal)
    recorder?.record(root)
    try output(terminal.render())
  }

  /// Starts `link` as a task of the root interactor, which ends it when the tree ends; it prints
  /// what it did, and the screen, when it is done.
  func open(_ link: DeepLink) {
    guard let rootInteractor = root.interactable as? Interactor else { return }
    let login = root.childWait(as: (any LoggedInDeepLinkable).self)
    rootInteractor.task { [weak self] in
      await DeepLinkFlow.open(link, from: login) { message in
        guard let self, self.outputFailure == nil else { return }
        self.recorder?.record(self.root)
        do {
          try self.output(message + self.terminal.render())
        } catch {
          self.outputFailure = error
        }
      }
    }
  }

  /// Runs one line of input and prints the screen; returns `false` for `quit`.
  @discardableResult
  func handle(_ line: String) throws -> Bool {
    if echo { try output("> \(TerminalText.escaped(line))\n") }
    switch Command.parse(line) {
    case .blank:
      return true
    case .unknown(let text):
      try output("Unknown command `\(TerminalText.echoed(text))`.\n\(Command.helpText)")
    case .invalid(let message):
      try output(message + "\n")
    case .command(.open(let link)):
      open(link)
    case .command(.quit):
      return false
    case .command(.help):
      try output(Command.helpText)
    case .command(.tree):
      try output(NapkinTree.describe(root))
    case .command(.treeJSON):
      // Type names and counts only: no user's text is in it, and JSON escapes every control.
      try output(String(decoding: try root.treeSnapshot().jsonData(), as: UTF8.self))
    case .command(let command):
      if !terminal.dispatch(command) {
        let screen = terminal.screens.last?.title ?? "this"
        try output("`\(command.keyword)` is not available on the \(screen) screen.\n")
      }
    }
    recorder?.record(root)
    try output(terminal.render())
    return true
  }
}
