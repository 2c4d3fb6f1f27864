import Foundation
import NotebookStorage
import Testing

/// What a remote sends sets what a merge costs: linear (or n log n) in the version data, bounded
/// by ``NotebookLimits/maximumReplicasPerNote``.
@Suite(.timeLimit(.minutes(1))) struct MergeCostTests {
  /// Two concurrent versions of one note, each behind `count` edits of copies of its own.
  static func versions(count: Int) -> (Note, Note) {
    func side(_ prefix: String) -> Note {
      let dots = (0..<count).map { Dot(replica: "\(prefix)\($0)", counter: 1) }.sorted()
      return Note(
        id: "n", text: prefix, isDeleted: false, modified: Note.now(), author: "a", device: nil,
        conflict: nil,
        version: VersionVector(Dictionary(uniqueKeysWithValues: dots.map { ($0.replica, 1) })),
        dots: dots)
    }
    return (side("a"), side("b"))
  }

  @Test func mergingANoteAtTheLimitOfCopiesTakesWellUnderASecond() {
    // Quadratic, this took about 30 seconds at 10,000 dots a side (10 at 6,000).
    let (a, b) = Self.versions(count: NotebookLimits.maximumReplicasPerNote)
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      for _ in 0..<2 {
        var local = [a]
        var remote = [b]
        _ = SyncMerge.merge(local: &local, remote: &remote)
        #expect(local.count == 2)
      }
    }
    #expect(elapsed < .seconds(3), "two merges took \(elapsed)")
  }
}
