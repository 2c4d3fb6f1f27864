/// The `--help` texts.
enum HelpText {
  static let overview = """
    napkin: scaffold, draw and check the component trees of Napkin apps.

    Usage:
      napkin new <Name> --parent <Parent> [--into DIR] [--tests DIR]
      napkin graph [PATH...] [--format text|dot|mermaid|json]
      napkin lint [PATH...] [--format text|json]
      napkin help [COMMAND]

    PATH is a .swift file or a folder (searched recursively; hidden folders and .build are
    skipped); '-' reads Swift source from standard input. The default is the current folder.

    Exit status: 0 done, 1 lint found something, 2 wrong command line,
    3 some input could not be analysed (the rest was), or 'new' wrote nothing.

    Run 'napkin <command> --help' for the details of a command.

    """

  static let graph = """
    Usage: napkin graph [PATH...] [--format text|dot|mermaid|json]

    Prints the component tree: a component `X: Component<YDependency>, ZDependency` is the child
    of the component that conforms to YDependency (in its declaration or in an extension, such as
    `extension HomeComponent: ProfileDependency` in HomeComponent+Profile.swift). Beneath each
    component: its shared dependencies (`shared { }`), its fresh ones (computed properties that
    construct something) and its pass-throughs (`dependency.x`). A component whose dependency
    protocol no component conforms to is printed as an orphan root.

    Formats: text (default), dot (Graphviz: napkin graph --format dot | dot -Tsvg > tree.svg),
    mermaid (a flowchart for Markdown), json.

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
                                        dependency protocol requires and nothing reads

    Exit status: 0 nothing found, 1 findings, 2 wrong command line, 3 some input could not be
    analysed (and nothing found in the rest).

    """

  static let new = """
    Usage: napkin new <Name> --parent <Parent> [--into DIR] [--tests DIR]

    Writes a new napkin <Name> below the napkin <Parent>:
      DIR/<Name>/<Name>Builder.swift      the dependency protocol, the component and the builder
      DIR/<Name>/<Name>Router.swift       the router
      DIR/<Name>/<Name>Interactor.swift   the interactor and its listener
      DIR/<Name>/<Name>Presenter.swift    the presenter
      DIR/<Name>/<Name>View.swift         the view
      DIR/<Parent>/<Parent>Component+<Name>.swift   the edge: the parent conforms to
                                                    <Name>Dependency
      TESTS/<Name>/<Name>InteractorTests.swift      a test (only with --tests)
    DIR defaults to the current folder. Existing files are never overwritten: if any of them
    exists, nothing is written and the exit status is 3.

    """
}
