/// One edit of one note: the replica (a notebook file's copy) that made it and that replica's
/// count of edits to the note so far. Unique per note, since only the replica itself advances its
/// own count, under its file's lock.
package nonisolated struct Dot: Codable, Hashable, Sendable, Comparable {
  package var replica: String
  package var counter: UInt64

  package init(replica: String, counter: UInt64) {
    self.replica = replica
    self.counter = counter
  }

  package static func < (lhs: Dot, rhs: Dot) -> Bool {
    (lhs.replica, lhs.counter) < (rhs.replica, rhs.counter)
  }
}

/// Which edits of one note a copy has seen: for each replica, how many of its edits.
///
/// ```swift
/// var seen = VersionVector()
/// let dot = seen.advance("a1b2")  // this copy's next edit
/// seen.covers(dot)                 // true
/// ```
///
/// A sync joins both sides' vectors, so a vector always holds every edit that came before any edit
/// it holds: "covers" is exactly "has seen".
package nonisolated struct VersionVector: Codable, Hashable, Sendable {
  /// The largest counter a file may hold: 2^53, exact in every JSON reader, and more edits than a
  /// replica can make. A counter from a file above it is refused where the file is read (see
  /// ``NoteValidation``), so that a hostile copy cannot push one to where `+ 1` overflows.
  package static let maximumCounter: UInt64 = 1 << 53

  package private(set) var counters: [String: UInt64]

  package init(_ counters: [String: UInt64] = [:]) {
    self.counters = counters
  }

  /// Whether the edit `dot` is among the edits this vector has seen.
  package func covers(_ dot: Dot) -> Bool {
    (counters[dot.replica] ?? 0) >= dot.counter
  }

  /// Every edit either vector has seen.
  package func joined(with other: VersionVector) -> VersionVector {
    VersionVector(counters.merging(other.counters, uniquingKeysWith: max))
  }

  /// Records a new edit by `replica` and returns it, or `nil` (changing nothing) when the
  /// replica's counter is already at ``maximumCounter``: a counter from outside never traps.
  package mutating func advance(_ replica: String) -> Dot? {
    let current = counters[replica] ?? 0
    guard current < Self.maximumCounter else { return nil }
    counters[replica] = current + 1
    return Dot(replica: replica, counter: current + 1)
  }

  package init(from decoder: any Decoder) throws {
    counters = try decoder.singleValueContainer().decode([String: UInt64].self)
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(counters)
  }
}
