import ArgumentParser

/// `napkin new`: a new napkin's files, wired to its parent.
struct NewCommand: NapkinSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "new",
    abstract: "Write a new napkin below a parent napkin.",
    discussion: """
      Writes a new napkin <Name> below the napkin <Parent>, whose <Parent>Component must be \
      declared under DIR (the default is the current folder). With --into, the napkin goes to \
      DIR/<Name> (DIR is created if it does not exist yet); without it, beside the parent's \
      folder in the same target (Sources/App/Hub/ gives Sources/App/<Name>/):
        DIR/<Name>/<Name>Component.swift
            <Name>Dependency and <Name>Component
        DIR/<Name>/<Name>Builder.swift
            <Name>Buildable and <Name>Builder
        DIR/<Name>/<Name>Router.swift
            <Name>Routing and <Name>Router
        DIR/<Name>/<Name>Interactor.swift
            <Name>Listener, <Name>Interactable and <Name>Interactor
        DIR/<Name>/<Name>View.swift (not with --no-view)
            <Name>Presentable, <Name>PresentableListener, <Name>ViewControllable
            and <Name>View (the view is the presenter and reports input to the
            interactor)
        <folder of <Parent>Component>/<Parent>Component+<Name>.swift
            the edge: <Parent>Component conforms to <Name>Dependency
      And a Swift Testing test with its fakes:
        TESTS/<Name>/<Name>NapkinTests.swift, TESTS/Support/<Name>Fakes.swift

      TESTS defaults to <package>/Tests/<M>Tests when that folder exists (the package is the \
      nearest folder above DIR with a Package.swift). The tests `@testable import` the module \
      M, by default the name of the target folder (DIR with --into). Names whose types Napkin \
      declares (Empty, Launch, Viewable, Presentable...) are refused.

      --no-view writes a napkin without a view, as HomeNapkin's LoggedIn: a Router \
      instead of a ViewableRouter, an Interactor instead of a PresentableInteractor \
      (its finish() tells the listener), and no <Name>View.swift.

      --view-protocol NAME makes <Name>ViewControllable refine the app's own view \
      protocol NAME instead of ViewControllable, so that <Name>View is one of the \
      app's views (TerminalScreen in HomeNapkin). NAME must be declared under DIR \
      and refine ViewControllable. What NAME and the protocols it refines ask for, \
      and no unconstrained extension of them provides, <Name>View declares with the \
      empty value of its type ("", [], nil, false, 0, or an empty body); a \
      requirement of another type, static, an initializer or a subscript is \
      refused, and nothing is written.

      Existing files are never overwritten: if any of them exists, or the parent component is \
      not found, nothing is written and the exit status is 3.
      """
  )

  @Argument(help: ArgumentHelp("The new napkin's name, such as Profile.", valueName: "Name"))
  var name: String?

  @Option(help: ArgumentHelp("The napkin whose component builds the new one.", valueName: "Parent"))
  var parent: String?

  @Option(help: ArgumentHelp("The folder the new napkin's folder goes in.", valueName: "DIR"))
  var into: String?

  @Option(help: ArgumentHelp("The test target's folder.", valueName: "DIR"))
  var tests: String?

  @Option(help: ArgumentHelp("The module the tests import.", valueName: "M"))
  var module: String?

  @Flag(help: "Write a napkin without a view: a Router and an Interactor.")
  var noView = false

  @Option(
    help: ArgumentHelp(
      "The app's own view protocol, which the napkin's view conforms to.", valueName: "NAME"))
  var viewProtocol: String?

  func execute(console: inout some Console) throws(UsageError) -> CommandStatus {
    let request = try ScaffoldRequest(
      name: name, parent: parent, into: into, tests: tests, module: module, hasView: !noView,
      viewProtocol: viewProtocol)
    return Scaffolder.write(request, console: &console)
  }
}
