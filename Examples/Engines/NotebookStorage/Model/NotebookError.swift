import TerminalIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything that can go wrong in a notebook command, each with a message that says what was
/// wrong and how to fix it, and names the file involved.
package nonisolated enum NotebookError: Error, Equatable, CustomStringConvertible {
  case invalidName(String, reason: String)
  case corruptFile(path: String, reason: String)
  /// `code` is the `errno` of the failure, which decides the advice.
  case unreadableFile(path: String, reason: String, code: Int32)
  case unwritableFile(path: String, reason: String)
  case symbolicLink(path: String)
  case notRegularFile(path: String, kind: String)
  case fileTooLarge(path: String, bytes: Int)
  /// `tombstoneBytes` of the `bytes` are deleted notes, which sync still needs.
  case notebookWouldBeTooLarge(path: String, bytes: Int, tombstoneBytes: Int = 0)
  /// A note in a file breaks a limit; `writing` when it is a merge's result, not yet written.
  case invalidNote(path: String, noteID: String, reason: String, writing: Bool)
  case editsExhausted(noteID: String)
  case lockTimeout(path: String, holder: Int32?, seconds: Int)
  case sameFile(path: String, other: String)
  case noSuchNote(id: String, notebook: String)
  case noSuchNotebook(String)
  case emptyText
  case textTooLong(bytes: Int)
  case invalidUTF8(source: String)
  case unreadableInput(reason: String)
  case noRemote
  case remoteIsLocal(String)
  case remoteMissing(String)

  /// A name, an id or a path as every message shows it: escaped, and cut to the one length
  /// the three programs echo an argument at (``TerminalText/echoed(_:)``).
  private func shown(_ text: String) -> String {
    TerminalText.echoed(text)
  }

  package var description: String {
    switch self {
    case .invalidName(let name, let reason):
      return """
        invalid notebook name "\(shown(name))": \(reason). \
        Use 1 to \(NotebookRef.maximumNameLength) ASCII letters, digits, '-', '_' or '.', \
        starting with a letter or digit.
        """
    case .corruptFile(let path, let reason):
      return """
        the file \(shown(path)) is not a readable notebook (\(reason)). Other notebooks are unaffected; \
        restore this file from a backup or move it away to start the notebook afresh.
        """
    case .unreadableFile(let path, let reason, let code):
      let advice = code == EACCES || code == EPERM ? " Check the file's permissions." : ""
      return "cannot read \(shown(path)): \(reason).\(advice)"
    case .unwritableFile(let path, let reason):
      return
        "cannot write \(shown(path)): \(reason). Check the directory's permissions and free space."
    case .symbolicLink(let path):
      return """
        refused \(shown(path)): it is a symbolic link, and Notebook never follows links in its data \
        directories. Replace the link with the file itself, or remove it.
        """
    case .notRegularFile(let path, let kind):
      return """
        refused \(shown(path)): it is \(kind), not a regular file. Move it away; Notebook reads and \
        writes only regular files.
        """
    case .fileTooLarge(let path, let bytes):
      return """
        refused \(shown(path)): it is \(bytes) bytes, over Notebook's limit of \
        \(NotebookLimits.describe(bytes: NotebookLimits.maximumFileBytes)) per notebook. \
        Move it away if it is not a notebook.
        """
    case .notebookWouldBeTooLarge(let path, let bytes, let tombstoneBytes):
      // Deleting cannot help when the space is deleted notes: say so rather than advise it.
      let advice =
        tombstoneBytes * 2 > bytes
        ? """
        \(tombstoneBytes) bytes of it are deleted notes, kept so that sync deletes them \
        on every other copy too; start another notebook for new notes
        """
        : "Delete notes or start another notebook"
      return """
        cannot write \(shown(path)): it would be \(bytes) bytes, over Notebook's limit of \
        \(NotebookLimits.describe(bytes: NotebookLimits.maximumFileBytes)) per notebook; the file \
        was left as it was. \(advice).
        """
    case .invalidNote(let path, let noteID, let reason, let writing):
      let id = NoteValidation.shown(noteID)
      return writing
        ? """
        cannot write \(shown(path)): merged, its note \(id) \(reason); the file was left as it \
        was. The other copy sent more than Notebook keeps of a note.
        """
        : """
        refused \(shown(path)): its note \(id) \(reason), so the file was not read. Nothing \
        was changed. If it is a remote copy, move it away and sync to write it afresh.
        """
    case .editsExhausted(let noteID):
      return """
        note \(NoteValidation.shown(noteID)) has counted the most edits a copy can make to one \
        note; add its text as a new note instead.
        """
    case .lockTimeout(let path, let holder, let seconds):
      let who = holder.map { "process \($0)" } ?? "another process"
      return """
        gave up after \(seconds) seconds waiting for the lock \(shown(path)), held by \(who). If that \
        process is stopped or stuck, resume or end it\(holder.map { " (kill \($0))" } ?? ""), \
        then run the command again.
        """
    case .sameFile(let path, let other):
      return """
        \(shown(path)) and \(shown(other)) are the same file (same device and inode); the remote must be \
        another copy of the data, not the local directory under another path.
        """
    case .noSuchNote(let id, let notebook):
      return """
        there is no note "\(shown(id))" in notebook "\(shown(notebook))"; \
        `Notebook list \(shown(notebook))` shows its notes.
        """
    case .noSuchNotebook(let name):
      return "there is no notebook \"\(shown(name))\"; `Notebook list` shows the notebooks."
    case .emptyText:
      return "a note needs some text; pass it as an argument or pipe it on standard input."
    case .textTooLong(let bytes):
      return """
        the text is \(bytes) bytes or more; a note holds at most \
        \(NotebookLimits.describe(bytes: NotebookLimits.maximumTextBytes)). Split it into \
        several notes.
        """
    case .invalidUTF8(let source):
      return """
        \(source) is not valid UTF-8, and Notebook refuses it rather than change it. Convert \
        the text to UTF-8 first (for example with iconv).
        """
    case .unreadableInput(let reason):
      return """
        could not read the text on standard input: \(reason). Nothing was changed; run the \
        command again once the input can be read to its end.
        """
    case .noRemote:
      return "sync needs a remote directory; pass --remote DIR."
    case .remoteMissing(let path):
      return """
        the remote directory \(shown(path)) does not exist, and sync never creates one: check the \
        --remote path, or, to start a new copy there on purpose, create it first\
        \(shown(path) == path ? " (mkdir -p \(path))" : "") and sync again.
        """
    case .remoteIsLocal(let path):
      return """
        the remote directory \(shown(path)) is the local directory; pass --remote with another \
        machine's copy of the data.
        """
    }
  }
}
