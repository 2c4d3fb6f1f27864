import ArgumentParser
import Foundation

/// A `napkin` subcommand, run against a console so that tests can read what it wrote.
protocol NapkinSubcommand: ParsableCommand {
  func execute(console: inout some Console) throws(UsageError) -> CommandStatus
}

/// `napkin`: the root command, which only lists its subcommands.
struct NapkinRootCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "napkin",
    abstract: "Scaffold, draw and check the component trees of Napkin apps.",
    discussion: """
      PATH is a .swift file or a folder (searched recursively; hidden folders and .build are \
      skipped); '-' reads Swift source from standard input. The default is the current folder.

      Exit status: 0 done, 1 lint found something, 2 wrong command line, \
      3 some input could not be analysed (the rest was), or 'new' wrote nothing.
      """,
    subcommands: [
      NewCommand.self, GraphCommand.self, LintCommand.self, FixCommand.self, WhyCommand.self,
    ]
  )
}

extension GraphFormat: ExpressibleByArgument {}
extension LintFormat: ExpressibleByArgument {}

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

      Problems with the input (missing paths, unreadable files, syntax errors) go to standard \
      error; the rest is still drawn, and the exit status is 3.
      """
  )

  @Argument(help: ArgumentHelp("Swift files or folders; '-' is standard input.", valueName: "PATH"))
  var paths: [String] = []

  @Option(help: "The output format.")
  var format: GraphFormat = .text

  func execute(console: inout some Console) -> CommandStatus {
    let (wiring, problems) = NapkinCommandLine.analyse(paths, console: &console)
    console.write(format.render(wiring, problems: problems))
    return problems.isEmpty ? .success : .inputProblem
  }
}

struct LintCommand: NapkinSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Check the wiring; print each finding with file:line:column and its fix.",
    discussion: """
      Rules:
        stored-var
            a stored `var` in a Component subclass (components are @unchecked
            Sendable: nothing guards it)
        shared-in-method-with-parameters
            `shared` in a method with parameters: every argument gets the same
            #function key
        shared-called-twice
            two `shared` calls in one accessor: one #function key
        unconformed-dependency
            a protocol refining Dependency that no component conforms to
        unused-pass-through
            a `dependency.x` pass-through that no child's dependency protocol
            requires and that is read on no value whose type the syntax shows is
            the component
        shared-cycle
            shared properties that need each other: the program stops at the
            first read
        shared-holds-builder-or-router
            `shared { XBuilder(dependency: self) }`: a retain cycle
        shared-not-sendable
            `shared { X() }` where the class X is not Sendable
        dependency-not-nonisolated
            a dependency protocol without `nonisolated`
        builder-edge-not-main-actor
            a builder edge without `@MainActor`
        component-extension-not-nonisolated
            a providing component extension without `nonisolated`
        shared-captures-component
            `shared { X(component: self) }` where X keeps a builder or router: a
            retain cycle
        lifecycle-in-initializer
            `task { }` or `disposeOnDeactivate` in an interactor's `init`
        child-router-dropped-attached
            a router's stored child overwritten or set to nil without
            `detachChild`
        missing-pass-through
            a child asks for a member its parent's parent provides and its parent
            does not pass on (napkin fix writes it)
        parent-cycle
            components that are their own ancestors (A's parent B, B's C, C's A)

      Formats: text, json, diagnostics (`file:line:column: warning: ...` as compilers write \
      them, for build systems such as the NapkinLintPlugin; findings and input problems do \
      not change the exit status, so that they warn without failing the build).

      Exit status: 0 nothing found, 1 findings, 2 wrong command line, 3 some input could not \
      be analysed (and nothing found in the rest).
      """
  )

  @Argument(help: ArgumentHelp("Swift files or folders; '-' is standard input.", valueName: "PATH"))
  var paths: [String] = []

  @Option(help: "The output format.")
  var format: LintFormat = .text

  /// The file a build system waits for: the NapkinLintPlugin's build command must have an
  /// output, or SwiftPM never runs it.
  @Option(help: .hidden)
  var stamp: String?

  func execute(console: inout some Console) throws(UsageError) -> CommandStatus {
    let (wiring, problems) = NapkinCommandLine.analyse(paths, console: &console)
    let findings = Linter.findings(in: wiring)
    console.write(format.render(findings, problems: problems, fileCount: wiring.files.count))
    if let stamp {
      guard FileManager.default.createFile(atPath: stamp, contents: Data()) else {
        throw UsageError(message: "cannot write the stamp file \(stamp)")
      }
    }
    if format == .diagnostics { return .success }
    if !findings.isEmpty { return .findings }
    return problems.isEmpty ? .success : .inputProblem
  }
}

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
        DIR/<Name>/<Name>View.swift
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

  func execute(console: inout some Console) throws(UsageError) -> CommandStatus {
    let request = try ScaffoldRequest(
      name: name, parent: parent, into: into, tests: tests, module: module)
    return Scaffolder.write(request, console: &console)
  }
}

struct WhyCommand: NapkinSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "why",
    abstract: "Say where a member comes from and which components below read it.",
    discussion: """
      Follows the pass-throughs (`var x: X { dependency.x }`) from the component up to the one \
      that builds the member, with file:line:column and what it is at each step (shared, \
      fresh, per key, a builder...), then lists the components below that read it through \
      their dependency. Without --in, answers for each component that builds a member of that \
      name.
      """
  )

  @Argument(help: ArgumentHelp("The member, such as playbackEngine.", valueName: "MEMBER"))
  var member: String

  @Option(
    name: .customLong("in"),
    help: ArgumentHelp(
      "The component to start from (Home or HomeComponent).", valueName: "COMPONENT"))
  var component: String?

  @Argument(help: ArgumentHelp("Swift files or folders; '-' is standard input.", valueName: "PATH"))
  var paths: [String] = []

  func execute(console: inout some Console) throws(UsageError) -> CommandStatus {
    let (wiring, problems) = NapkinCommandLine.analyse(paths, console: &console)
    do {
      console.write(try MemberOrigin.explain(member, within: component, in: wiring))
    } catch {
      console.writeError("napkin: error: \(error.message)\n")
      return .inputProblem
    }
    return problems.isEmpty ? .success : .inputProblem
  }
}

struct FixCommand: NapkinSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "fix",
    abstract: "Write the missing pass-throughs lint reports.",
    discussion: """
      For each missing-pass-through finding, adds `var x: X { dependency.x }` to the parent \
      (in the extension that conforms to the child's dependency protocol, else in its class) \
      and `var x: X { get }` to the parent's own dependency protocol when it lacks it. Nothing \
      else changes: formatting and comments stay, and a second run finds nothing to fix. If \
      any input cannot be read, nothing is changed and the exit status is 3.
      """
  )

  @Argument(help: ArgumentHelp("Swift files or folders.", valueName: "PATH"))
  var paths: [String] = []

  func execute(console: inout some Console) -> CommandStatus {
    SourceFixer.fix(paths, console: &console)
  }
}
