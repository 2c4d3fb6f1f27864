import Foundation
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

  /// The snapshot file at `path`, which may already hold a snapshot HomeNapkin wrote (a tree
  /// snapshot's JSON) and nothing else: any other file is the user's, and is never replaced.
  nonisolated static func file(at path: String) throws(SnapshotFile.Refusal) -> SnapshotFile {
    try SnapshotFile(path: path) { bytes in
      (try? JSONDecoder().decode(TreeSnapshot.self, from: Data(bytes))) != nil
    }
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
