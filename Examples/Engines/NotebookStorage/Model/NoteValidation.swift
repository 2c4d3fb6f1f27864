import TerminalIO

/// The bounds every note read from a file is held to, whoever wrote the file.
///
/// A remote copy is another machine's data, or anyone's: each value a merge or a command relies
/// on (a counter it adds to, a text it prints, a vector whose size sets the merge's cost) is
/// checked here, where the file is read, and again before a merge's result is written, so that
/// every file Notebook writes is one it reads back.
package nonisolated enum NoteValidation {
  /// Why `notes` cannot be kept, naming the first note at fault, or `nil`.
  package static func problem(in notes: [Note]) -> (noteID: String, reason: String)? {
    var seen = Set<String>()
    for note in notes {
      if let reason = problem(with: note) { return (note.id, reason) }
      guard seen.insert(note.id).inserted else {
        return (note.id, "appears twice (each note is one entry)")
      }
    }
    return nil
  }

  /// How a note id from a file is shown in a message: quoted, escaped, cut short.
  package static func shown(_ id: String) -> String {
    "\"\(TerminalText.echoed(id))\""
  }

  private static func problem(with note: Note) -> String? {
    let limits = NotebookLimits.self
    if note.id.isEmpty || note.id.utf8.count > limits.maximumIDBytes {
      return "has an id of \(note.id.utf8.count) bytes; ids have 1 to \(limits.maximumIDBytes)"
    }
    if note.text.utf8.count > limits.maximumTextBytes {
      return """
        holds \(note.text.utf8.count) bytes of text, over the limit of \
        \(limits.describe(bytes: limits.maximumTextBytes)) per note
        """
    }
    let labels = [note.author, note.device ?? "", note.conflict?.device ?? ""]
    if labels.contains(where: { $0.utf8.count > limits.maximumLabelBytes }) {
      return "has an author or device name over \(limits.maximumLabelBytes) bytes"
    }
    if let origin = note.conflict?.noteID, origin.utf8.count > limits.maximumIDBytes {
      return "names a conflict origin id over \(limits.maximumIDBytes) bytes"
    }
    return problem(with: note.version, dots: note.dots)
  }

  private static func problem(with version: VersionVector, dots: [Dot]) -> String? {
    let limits = NotebookLimits.self
    if version.counters.count > limits.maximumReplicasPerNote
      || dots.count > limits.maximumReplicasPerNote
    {
      return """
        has a version of \(version.counters.count) copies and \(dots.count) edits; a note keeps \
        at most \(limits.maximumReplicasPerNote)
        """
    }
    let maximum = VersionVector.maximumCounter
    for (replica, counter) in version.counters
    where counter > maximum || replica.isEmpty || replica.utf8.count > limits.maximumIDBytes {
      return """
        has the version counter \(counter) for copy \(shown(replica)); counters go up to \
        \(maximum), under copy ids of 1 to \(limits.maximumIDBytes) bytes
        """
    }
    for dot in dots
    where dot.counter > maximum || dot.replica.isEmpty
      || dot.replica.utf8.count > limits.maximumIDBytes
    {
      return """
        has an edit counted \(dot.counter) for copy \(shown(dot.replica)); counters go up to \
        \(maximum), under copy ids of 1 to \(limits.maximumIDBytes) bytes
        """
    }
    return nil
  }
}
