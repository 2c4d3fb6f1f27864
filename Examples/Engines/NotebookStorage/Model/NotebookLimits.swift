/// The bounds Notebook holds every input to; the README states them.
package nonisolated enum NotebookLimits {
  /// The largest notebook file read or written: 64 MiB. A file over it (or a device that never
  /// ends, such as `/dev/zero`) is refused by name instead of filling memory.
  package static let maximumFileBytes = 64 << 20
  /// The longest note text, in UTF-8 bytes: 1 MiB, from an argument or standard input.
  package static let maximumTextBytes = 1 << 20

  /// How a human-readable size is shown in messages.
  package static func describe(bytes: Int) -> String {
    bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
  }
}
nonisolated

  extension NotebookLimits
{
  /// The longest note or replica id read from a file, in bytes; Notebook's own are 12.
  package static let maximumIDBytes = 64
  /// The longest author or device name read from a file, in bytes.
  package static let maximumLabelBytes = 256
  /// The most copies one note's version may name, and the most edits behind its text: what one
  /// merge of the note costs grows with it, so a remote cannot make a sync stall. An honest note
  /// names one entry per copy that edited it.
  package static let maximumReplicasPerNote = 10_000
}
