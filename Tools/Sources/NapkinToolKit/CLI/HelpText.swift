/// The `--help` texts.
enum HelpText {
  static let overview = """
    napkin: scaffold, draw and check the component trees of Napkin apps.

    Usage:
      napkin new <Name> --parent <Parent> [--into DIR] [--tests DIR [--module M]]
      napkin graph [PATH...] [--format text|dot|mermaid|json|html]
      napkin lint [PATH...] [--format text|json]
      napkin help [COMMAND]

    PATH is a .swift file or a folder (searched recursively; hidden folders and .build are
    skipped); '-' reads Swift source from standard input. The default is the current folder.

    Exit status: 0 done, 1 lint found something, 2 wrong command line,
    3 some input could not be analysed (the rest was), or 'new' wrote nothing.

    Run 'napkin <command> --help' for the details of a command.

    """

  static let graph = """
    Usage: napkin graph [PATH...] [--format text|dot|mermaid|json|html]

    Prints the component tree: a component `X: Component<YDependency>, ZDependency` is the child
    of the component that conforms to YDependency (in its declaration or in an extension, such as
    `extension HomeComponent: ProfileDependency` in HomeComponent+Profile.swift). Beneath each
    component its members by kind: shared (`shared { }`), per-key (`store.shared(for:)` of an
    Airframe store), stores (a PerKey, Configured or Announcements it holds), fresh (computed
    properties that construct something), builders (`XBuilder(dependency: self)`) and
    pass-throughs (`dependency.x`). A component whose dependency protocol no component conforms
    to is printed as an orphan root.

    Formats: text (default), dot (Graphviz: napkin graph --format dot | dot -Tsvg > tree.svg),
    mermaid (a flowchart for Markdown), json, html (one self-contained page with every member's
    file:line and the lint findings on their components: napkin graph --format html > tree.html).

    Problems with the input (missing paths, unreadable files, syntax errors) go to standard
    error; the rest is still drawn, and the exit status is 3.

    """

  static let lint = """
    Usage: napkin lint [PATH...] [--format text|json]

    Checks the wiring and prints each finding as file:line:column, what is wrong and how to fix
    it. Rules:
      stored-var                        a stored `var` in a Component subclass (components are
                                        @unchecked Sendable: nothing guards it)
      shared-in-method-with-parameters  `shared` in a method with parameters: every argument
                                        gets the same #function key
      shared-called-twice               two `shared` calls in one accessor: one #function key
      unconformed-dependency            a protocol refining Dependency that no component
                                        conforms to
      unused-pass-through               a `dependency.x` pass-through that no child's
                                        dependency protocol requires and that is read on no
                                        value whose type the syntax shows is the component
      shared-cycle                      shared properties that need each other: the program
                                        stops at the first read
      shared-holds-builder-or-router    `shared { XBuilder(dependency: self) }`: a retain cycle
      shared-not-sendable               `shared { X() }` where the class X is not Sendable

    Exit status: 0 nothing found, 1 findings, 2 wrong command line, 3 some input could not be
    analysed (and nothing found in the rest).

    """

  static let new = """
    Usage: napkin new <Name> --parent <Parent> [--into DIR] [--tests DIR [--module M]]

    Writes a new napkin <Name> below the napkin <Parent>, whose <Parent>Component must be
    declared under DIR (the default is the current folder). With --into, the napkin goes to
    DIR/<Name>; without it, beside the parent's folder in the same target (Sources/App/Hub/ gives
    Sources/App/<Name>/):
      DIR/<Name>/<Name>Component.swift    <Name>Dependency and <Name>Component
      DIR/<Name>/<Name>Builder.swift      <Name>Buildable and <Name>Builder
      DIR/<Name>/<Name>Router.swift       <Name>Routing and <Name>Router
      DIR/<Name>/<Name>Interactor.swift   <Name>Listener, <Name>Interactable, <Name>Interactor
      DIR/<Name>/<Name>View.swift         <Name>Presentable, <Name>PresentableListener,
                                          <Name>ViewControllable and <Name>View (the view is
                                          the presenter and reports input to the interactor)
      <folder of <Parent>Component>/<Parent>Component+<Name>.swift
                                          the edge: <Parent>Component conforms to <Name>Dependency
    And a Swift Testing test with its fakes:
      TESTS/<Name>/<Name>NapkinTests.swift, TESTS/Support/<Name>Fakes.swift
    TESTS defaults to <package>/Tests/<M>Tests when that folder exists (the package is the
    nearest folder above DIR with a Package.swift). The tests `@testable import` the module M,
    by default the name of the target folder (DIR with --into).
    Names whose types Napkin declares (Empty, Launch, Viewable, Presentable...) are refused.

    Existing files are never overwritten: if any of them exists, or the parent component is not
    found, nothing is written and the exit status is 3.

    """
}
