import Foundation
import Napkin
import TerminalIO
import Testing

@testable import HomeNapkin

/// `--snapshot FILE` and `tree --json`: the running tree's snapshot, after every command, in a
/// file a page can poll without ever reading half of it.
@MainActor
@Suite struct LiveTreeTests {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appending(path: "napkin-live-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
  }

  func attachedAndActive(_ url: URL) throws -> [String] {
    let snapshot = try JSONDecoder().decode(TreeSnapshot.self, from: Data(contentsOf: url))
    return snapshot.root.subtree.filter(\.active).map(\.name)
  }

  @Test func theSnapshotFileFollowsTheTreeAfterEveryCommand() throws {
    let url = folder.appending(path: "tree.json")
    let session = Session(recorder: LiveTreeRecorder(file: try LiveTreeRecorder.file(at: url.path)))
    #expect(try attachedAndActive(url) == ["Root", "LoggedOut"])
    session.type("login alice")
    #expect(try attachedAndActive(url) == ["Root", "LoggedIn", "Home"])
    session.type("profile")
    #expect(try attachedAndActive(url) == ["Root", "LoggedIn", "Home", "Profile"])
    session.type("back")
    #expect(try attachedAndActive(url) == ["Root", "LoggedIn", "Home"])
    session.type("logout")
    #expect(try attachedAndActive(url) == ["Root", "LoggedOut"])
    // Every write replaced the file whole: no temporary file is left beside it.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["tree.json"])
  }

  @Test func treeJSONPrintsTheSnapshotWithWhatEachComponentBuilt() throws {
    let session = Session()
    session.type("login alice")
    let printed = session.type("tree --json")
    let json = try #require(printed.components(separatedBy: "\n== Home ==").first)
    let snapshot = try JSONDecoder().decode(TreeSnapshot.self, from: Data(json.utf8))
    let home = try #require(snapshot.root.subtree.first { $0.name == "Home" })
    #expect(home.component?.name == "HomeComponent")
    #expect(snapshot.ancestorComponents.map(\.name) == ["AppComponent"])
    #expect(!json.contains("alice"))  // type names and counts, never the user's data
  }

  @Test func aSnapshotFromAnEarlierRunIsReplacedAndAnyOtherFileIsNot() throws {
    let url = folder.appending(path: "tree.json")
    _ = Session(recorder: LiveTreeRecorder(file: try LiveTreeRecorder.file(at: url.path)))
    let again = Session(recorder: LiveTreeRecorder(file: try LiveTreeRecorder.file(at: url.path)))
    again.type("login alice")
    #expect(try attachedAndActive(url) == ["Root", "LoggedIn", "Home"])

    let notes = folder.appending(path: "notes.json")
    try Data(#"{"mine": true}"#.utf8).write(to: notes)
    #expect(throws: UsageError.self) { try HomeNapkinApp.Options(["--snapshot", notes.path]) }
    #expect(try String(contentsOf: notes, encoding: .utf8) == #"{"mine": true}"#)
  }

  @Test func optionsComeInAnyOrderAndEachOnlyOnce() throws {
    let options = try HomeNapkinApp.Options(["--snapshot", "t.json", "--open", "profile/alice"])
    #expect(options.recorder != nil && options.link != nil)
    #expect(throws: UsageError("--snapshot is given twice; give it once.")) {
      try HomeNapkinApp.Options(["--snapshot", "a.json", "--snapshot", "b.json"])
    }
    #expect(throws: UsageError("--snapshot needs a file, e.g. `--snapshot tree.json`.")) {
      try HomeNapkinApp.Options(["--snapshot"])
    }
  }
}
