/// Everything that can go wrong in a notebook command, each with a message that says what was
/// wrong and how to fix it.
enum NotebookError: Error, Equatable, CustomStringConvertible {
  case invalidName(String, reason: String)
  case corruptFile(path: String, reason: String)
  case unreadableFile(path: String, reason: String)
  case unwritableFile(path: String, reason: String)
  case noSuchNote(id: String, notebook: String)
  case noSuchNotebook(String)
  case emptyText
  case noRemote
  case remoteIsLocal(String)

  var description: String {
    switch self {
    case .invalidName(let name, let reason):
      let shown = name.count > 40 ? String(name.prefix(40)) + "..." : name
      return """
        invalid notebook name \(shown.debugDescription): \(reason). \
        Use 1 to \(NotebookRef.maximumNameLength) ASCII letters, digits, '-', '_' or '.', \
        starting with a letter or digit.
        """
    case .corruptFile(let path, let reason):
      return """
        the file \(path) is not a readable notebook (\(reason)). Other notebooks are unaffected; \
        restore this file from a backup or move it away to start the notebook afresh.
        """
    case .unreadableFile(let path, let reason):
      return "cannot read \(path): \(reason). Check the file's permissions."
    case .unwritableFile(let path, let reason):
      return "cannot write \(path): \(reason). Check the directory's permissions and free space."
    case .noSuchNote(let id, let notebook):
      return """
        there is no note \(id.debugDescription) in notebook "\(notebook)"; \
        `Notebook list \(notebook)` shows its notes.
        """
    case .noSuchNotebook(let name):
      return "there is no notebook \"\(name)\"; `Notebook list` shows the notebooks."
    case .emptyText:
      return "a note needs some text; pass it as an argument or pipe it on standard input."
    case .noRemote:
      return "sync needs a remote directory; pass --remote DIR."
    case .remoteIsLocal(let path):
      return """
        the remote directory \(path) is the local directory; pass --remote with another \
        machine's copy of the data.
        """
    }
  }
}
