import Napkin
import TerminalIO

/// Writes the live tree's snapshot to a ``SnapshotFile`` after every command, for `--snapshot`.
///
/// A write that fails is said once on standard error, and the recorder stops: the app goes on,
/// and the file keeps the last snapshot written.
@MainActor
final class LiveTreeRecorder {
  private let file: SnapshotFile
  private var failed = false

  init(file: SnapshotFile) {
    self.file = file
  }

  /// Replaces the file with `root`'s snapshot now.
  func record(_ root: any Routing) {
    guard !failed else { return }
    do {
      try file.replace(with: Array(try root.treeSnapshot().jsonData()))
    } catch {
      failed = true
      try? StandardStream.error.write("HomeNapkin: \(error); snapshots stop here.\n")
    }
  }
}
