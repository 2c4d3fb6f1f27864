import Foundation
import Testing

@testable import NapkinToolKit

/// Tree snapshots of HomeNapkin as a running app writes them (Schema/napkin.schema.json), for
/// the tests of `--snapshot` and of the live page.
enum SnapshotSample {
  /// Signed in as alice on the Home screen: Root and LoggedIn active, Home attached but not
  /// active, LoggedOut detached 0.4 s ago and still alive; AppComponent built `userService`
  /// (with a description that tries to be markup), HomeComponent three `homeAnalytics`.
  static let loggedIn = """
    {"schema": 1, "kind": "tree-snapshot",
     "ancestorComponents": [{"name": "AppComponent", "shared": [{"name": "userService",
       "type": "UserService", "count": 1,
       "description": "alice </script><img src=x onerror=alert(1)>"}]}],
     "root": {"name": "Root", "router": "RootRouter", "interactor": "RootInteractor",
       "active": true, "tasks": 0, "cleanups": 1,
       "component": {"name": "RootComponent", "shared": []},
       "children": [{"name": "LoggedIn", "router": "LoggedInRouter",
         "interactor": "LoggedInInteractor", "active": true, "tasks": 1, "cleanups": 0,
         "component": {"name": "LoggedInComponent", "shared": []},
         "children": [{"name": "Home", "router": "HomeRouter", "interactor": "HomeInteractor",
           "presenter": "HomeView", "view": "HomeView", "active": false, "tasks": 0,
           "cleanups": 0,
           "component": {"name": "HomeComponent", "shared": [{"name": "homeAnalytics",
             "type": "HomeAnalytics", "count": 3}]},
           "children": []}]}]},
     "detached": [{"napkin": {"name": "LoggedOut", "router": "LoggedOutRouter",
       "interactor": "LoggedOutInteractor", "active": false, "tasks": 0, "cleanups": 0,
       "children": []}, "secondsSinceDetach": 0.4, "detachedAt": "Root/RootRouter.swift:40"}]}
    """

  /// Signed out: only Root and LoggedOut attached, nothing detached.
  static let loggedOut = """
    {"schema": 1, "kind": "tree-snapshot",
     "ancestorComponents": [{"name": "AppComponent", "shared": []}],
     "root": {"name": "Root", "router": "RootRouter", "interactor": "RootInteractor",
       "active": true, "tasks": 0, "cleanups": 0,
       "component": {"name": "RootComponent", "shared": []},
       "children": [{"name": "LoggedOut", "router": "LoggedOutRouter",
         "interactor": "LoggedOutInteractor", "active": true, "tasks": 0, "cleanups": 0,
         "children": []}]},
     "detached": []}
    """
}

/// `napkin graph --format html --snapshot FILE`: what it reads and what it refuses, each with a
/// message that says what was wrong and what to do.
struct SnapshotInputTests {
  private static func graph(_ arguments: [String]) -> (CommandStatus, RecordingConsole) {
    var console = RecordingConsole()
    let status = NapkinCommandLine.run(["graph"] + arguments, console: &console)
    return (status, console)
  }

  private static func drawing(_ snapshot: String) -> [String] {
    ["--format", "html", "--snapshot", snapshot, Paths.fixture("CleanTree")]
  }

  @Test func aSnapshotIsEmbeddedInThePageWithItsTextEscaped() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.write("tree.json", SnapshotSample.loggedIn)
    let (status, console) = Self.graph(Self.drawing(file))
    #expect(status == .success, "\(console.errors)")
    #expect(console.output.contains(#""kind" : "tree-snapshot""#))
    #expect(console.output.contains(#""homeAnalytics""#))
    // The description's markup stays inside the JSON, as escapes.
    #expect(!console.output.contains("<img"))
    #expect(console.output.contains(#"alice \u003c/script\u003e\u003cimg src=x"#))
    #expect(console.output.components(separatedBy: "</script>").count == 4)
  }

  @Test func withoutSnapshotThePageHasNone() {
    let (status, console) = Self.graph(["--format", "html", Paths.fixture("CleanTree")])
    #expect(status == .success)
    #expect(!console.output.contains(#""snapshot" :"#))
  }

  @Test func aSymbolicLinkIsNotFollowed() throws {
    let scratch = try ScratchFolder()
    let target = try scratch.write("real.json", SnapshotSample.loggedIn)
    let link = scratch.path + "/tree.json"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let (status, console) = Self.graph(Self.drawing(link))
    #expect(status == .inputProblem)
    #expect(console.output.isEmpty)
    #expect(
      console.errors.contains(
        "--snapshot \(link): is a symbolic link, which napkin does not follow"))
  }

  @Test func aFolderOrAFIFOIsRefusedWithoutBlocking() throws {
    let scratch = try ScratchFolder()
    let (folderStatus, folder) = Self.graph(Self.drawing(scratch.path))
    #expect(folderStatus == .inputProblem)
    #expect(folder.errors.contains("is not a regular file"))
    let fifo = scratch.path + "/tree.json"
    #expect(mkfifo(fifo, 0o600) == 0)
    let (fifoStatus, reader) = Self.graph(Self.drawing(fifo))
    #expect(fifoStatus == .inputProblem)
    #expect(reader.errors.contains("is not a regular file"))
  }

  @Test func aFileOverTheBoundIsRefusedNamingTheBound() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.write("tree.json", "")
    #expect(truncate(file, off_t(TreeSnapshot.maximumFileSize + 1)) == 0)
    let (status, console) = Self.graph(Self.drawing(file))
    #expect(status == .inputProblem)
    #expect(console.errors.contains("is larger than 16 MiB, the most napkin reads of a snapshot"))
  }

  @Test func aMissingFileIsSaidSo() {
    let (status, console) = Self.graph(Self.drawing("/no/such/tree.json"))
    #expect(status == .inputProblem)
    #expect(console.errors.contains("--snapshot /no/such/tree.json: cannot open it (No such file"))
  }

  @Test func aGraphDocumentIsNamedAndRefused() throws {
    let scratch = try ScratchFolder()
    let json = GraphFormat.json.render(
      Analysis.wiring(Paths.fixture("CleanTree")).wiring, problems: [])
    let file = try scratch.write("graph.json", json)
    let (status, console) = Self.graph(Self.drawing(file))
    #expect(status == .inputProblem)
    #expect(
      console.errors.contains(
        "is a graph (`napkin graph --format json`), not a tree snapshot; pass the file a running "
          + "app writes from router.treeSnapshot()"))
  }

  @Test func aSchemaOrKindItDoesNotKnowIsRefusedSayingWhatItReads() throws {
    let scratch = try ScratchFolder()
    let newer = try scratch.write(
      "newer.json",
      SnapshotSample.loggedIn.replacingOccurrences(of: #""schema": 1"#, with: #""schema": 2"#))
    let (status, console) = Self.graph(Self.drawing(newer))
    #expect(status == .inputProblem)
    #expect(
      console.errors.contains(
        "has schema 2, and this napkin reads schema 1 only; use a napkin built from the same "
          + "Napkin release as the app"))
    let other = try scratch.write(
      "other.json",
      SnapshotSample.loggedIn.replacingOccurrences(of: #""tree-snapshot""#, with: #""trees""#))
    #expect(
      Self.graph(Self.drawing(other)).1.errors.contains(
        #"has kind "trees", which napkin does not know; a tree snapshot has "kind": "tree-snapshot""#
      ))
    let text = try scratch.write("text.json", "[1, 2]")
    #expect(Self.graph(Self.drawing(text)).1.errors.contains("is not a JSON object"))
  }

  @Test func aSnapshotMissingAFieldNamesWhere() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.write(
      "tree.json",
      SnapshotSample.loggedIn.replacingOccurrences(
        of: #""active": false, "tasks": 0,"#, with: #""tasks": 0,"#))
    let (status, console) = Self.graph(Self.drawing(file))
    #expect(status == .inputProblem)
    #expect(
      console.errors.contains(
        "does not match schema 1 (Schema/napkin.schema.json): root.children[0].children[0].active "
          + "is missing"))
  }

  @Test func snapshotNeedsTheHTMLFormatAndIsGivenOnce() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.write("tree.json", SnapshotSample.loggedIn)
    let (textStatus, text) = Self.graph(["--snapshot", file, Paths.fixture("CleanTree")])
    #expect(textStatus == .usage)
    #expect(text.errors.contains("--snapshot draws on the html page only; add --format html"))
    let (twiceStatus, twice) = Self.graph(
      ["--format", "html", "--snapshot", file, "--snapshot", file, Paths.fixture("CleanTree")])
    #expect(twiceStatus == .usage)
    #expect(twice.errors.contains("'--snapshot' was given more than once; give it once"))
  }
}
