/// Who waits for whom, process-wide: one edge for each thread blocked on another thread's build.
/// The state machine of the design note's *Waiting for a build*; ``BuildWaits`` keeps it behind
/// its lock.
///
/// A thread about to wait calls ``cycle(ifThread:withStack:waitsFor:)`` and, when that finds
/// none, ``add(thread:stack:waitingFor:)`` in the same critical section; so of two threads that
/// would close a cycle, the second to get the lock sees the first's edge.
package struct WaitGraph: Sendable {
  private struct Edge: Sendable {
    let record: WaitRecord
    /// The waiting thread's builds in progress when it began to wait, outermost first.
    let stack: [Build]
  }

  /// Keyed by the waiting thread's ``BuildingThread/id``.
  private var edges: [ObjectIdentifier: Edge] = [:]

  /// An empty graph: no thread waits.
  package init() {}

  /// How many threads wait now.
  package var count: Int { edges.count }

  /// The chain of the cycle that `thread` would close by waiting for `record`, or nil if the
  /// waits from `record` never lead back to `thread`.
  ///
  /// From `record`, the walk goes to its builder; if that thread waits too, to the record it
  /// waits for, and so on. A record that is done ends the walk: its builder has left that build
  /// (it set the flag before it could add an edge of its own), and its waiters are about to wake. The chain runs from `record`'s key through each thread's builds, in the order the
  /// factories asked for them, back to `record`'s key.
  package func cycle(
    ifThread thread: ObjectIdentifier, withStack stack: [Build], waitsFor record: WaitRecord
  ) -> [Build]? {
    var chain: [Build] = []
    var next = record
    // Each step moves to a different waiting thread, so the walk ends within count + 1 steps.
    for _ in 0...edges.count {
      guard !next.isDone else { return nil }
      let builderStack: [Build]
      let onward: WaitRecord?
      if next.builder == thread {
        builderStack = stack
        onward = nil
      } else {
        guard let edge = edges[next.builder] else { return nil }
        builderStack = edge.stack
        onward = edge.record
      }
      let start = builderStack.firstIndex { $0.isSameKey(as: next.build) } ?? 0
      chain += builderStack[start...]
      guard let onward else { return chain + [record.build] }
      next = onward
    }
    return nil
  }

  /// Records that `thread` waits for `record`.
  package mutating func add(thread: ObjectIdentifier, stack: [Build], waitingFor record: WaitRecord)
  {
    edges[thread] = Edge(record: record, stack: stack)
  }

  /// Records that `thread` waits no more.
  package mutating func remove(thread: ObjectIdentifier) {
    edges[thread] = nil
  }
}
