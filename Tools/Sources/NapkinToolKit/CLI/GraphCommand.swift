import ArgumentParser

/// `napkin graph`: the component tree in one of several formats.
struct GraphCommand: NapkinSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "graph",
    abstract: "Print the component tree.",
    discussion: """
      A component `X: Component<YDependency>, ZDependency` is the child of the component that \
      conforms to YDependency (in its declaration or in an extension, such as `extension \
      HomeComponent: ProfileDependency` in HomeComponent+Profile.swift). Beneath each component \
      its members by kind: shared (`shared { }`), per-key (`store.shared(for:)` of an Airframe \
      store), stores (a PerKey, Configured or Announcements it holds), fresh (computed \
      properties that construct something), builders (`XBuilder(dependency: self)`) and \
      pass-throughs (`dependency.x`). A component whose dependency protocol no component \
      conforms to is printed as an orphan root.

      Formats: text, dot (Graphviz: napkin graph --format dot | dot -Tsvg > tree.svg), mermaid \
      (a flowchart for Markdown), json, html (one self-contained page with every member's \
      file:line and the lint findings on their components: napkin graph --format html > \
      tree.html).

      --snapshot FILE draws a running app's tree snapshot (router.treeSnapshot(), schema 1 \
      of Schema/napkin.schema.json) on the html page: attached napkins, active or not, the ones \
      not attached dimmed, detached but alive ones in red, the shared instances built. Opened \
      over HTTP with ?live=tree.json, the page reads the snapshot again every second.

      Problems with the input (missing paths, unreadable files, syntax errors) go to standard \
      error; the rest is still drawn, and the exit status is 3.
      """
  )

  @Argument(help: ArgumentHelp("Swift files or folders; '-' is standard input.", valueName: "PATH"))
  var paths: [String] = []

  @Option(help: "The output format.")
  var format: GraphFormat = .text

  @Option(
    help: ArgumentHelp(
      "A tree snapshot of the running app to draw on the html page.", valueName: "FILE"))
  var snapshot: String?

  func execute(console: inout some Console) throws(UsageError) -> CommandStatus {
    if snapshot != nil, format != .html {
      throw UsageError(
        message: "--snapshot draws on the html page only; add --format html")
    }
    let state: TreeSnapshot?
    // Refused before the sources are read: a page without the state asked for would mislead.
    do {
      state = try snapshot.map(TreeSnapshot.read)
    } catch {
      console.writeError("napkin: error: \(error.message)\n")
      return .inputProblem
    }
    let (wiring, problems, _) = NapkinCommandLine.analyse(paths, console: &console)
    console.write(
      state.map { HTMLGraph.render(wiring, problems: problems, snapshot: $0) }
        ?? format.render(wiring, problems: problems))
    return problems.isEmpty ? .success : .inputProblem
  }
}
