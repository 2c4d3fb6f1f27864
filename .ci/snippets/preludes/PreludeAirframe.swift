// What the snippets in Airframe's doc comments assume: the Notebook example (through
// `@testable import`, as Napkin's doc comments use HomeNapkin), a few values made earlier in the
// prose, and the sketch's own spellings where a snippet shows a simplified notebook app. A snippet
// that declares a type shadows the example's. `.ci/snippets/check.py` compiles each snippet
// together with this file.
import Airframe
import Foundation
import Testing

@testable import Notebook
@testable import NotebookStorage

/// PerKey's sketch calls the notebook's key `Notebook`; the example calls it `NotebookRef`.
typealias Notebook = NotebookRef

/// PerKey's sketch of a note store, made from its notebook and its directory's runner; it shadows
/// the example's, whose initializer labels the notebook.
nonisolated final class NoteStore: Sendable {
  let notebook: Notebook
  let runner: SerialRunner

  init(_ notebook: Notebook, runner: SerialRunner) {
    self.notebook = notebook
    self.runner = runner
  }

  /// Appends a note to the notebook's file; returns the note's position in it.
  func append(_ note: Note) throws -> Int { 0 }

  /// Saves a new note with `text`.
  func save(_ text: String) async throws -> Note {
    Note(id: NoteID.make(), text: text, author: "ada", replica: "laptop")
  }
}

/// Sends a notebook's edits to the server.
nonisolated final class SyncClient: Sendable {
  func upload(_ edits: [Note]) async throws {}
}

/// Pushes whatever the client has queued.
nonisolated final class Uploader: Sendable {
  func flush() async throws {}
}

let notebook = try! NotebookRef("groceries", in: NSTemporaryDirectory())
let note = Note(id: NoteID.make(), text: "buy milk", author: "ada", replica: "laptop")
let text = "buy milk"
let edits = [note]
let runner = SerialRunner(label: "notes")
let store = NoteStore(notebook, runner: runner)
let client = SyncClient()
let uploader = Uploader()
let changes = Announcements<NoteChange>()
let subscription = changes.subscribe()
let tmp = NSTemporaryDirectory()
let path = NSTemporaryDirectory()

/// Writes a note's text to the notebook's file; returns the new note's identifier.
func persist(_ text: String, in notebook: Notebook) throws -> String { NoteID.make() }

/// Redraws what a reader shows of `notebook`.
func refresh(_ notebook: Notebook) {}

/// Handles one announced change.
func handle(_ change: NoteChange) {}
