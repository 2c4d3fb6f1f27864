/// The process's one ``WaitGraph``, and the wait of a thread for another thread's build.
///
/// Its lock is bookkeeping only: held for a walk of the graph and one edge, never while a factory
/// runs, never while a thread sleeps, and taken with no store lock held.
enum BuildWaits {
  private static let graph = Locked(WaitGraph())

  /// Blocks `thread` until `record`'s build is done, unless waiting would close a cycle: then the
  /// program stops with the cycle's chain.
  static func wait(_ thread: BuildingThread, for record: WaitRecord) {
    let stack = thread.stack
    let cycle: [Build]? = graph.withLock { graph in
      if let chain = graph.cycle(ifThread: thread.id, withStack: stack, waitsFor: record) {
        return chain
      }
      graph.add(thread: thread.id, stack: stack, waitingFor: record)
      return nil
    }
    if let cycle {
      OnceFailure.cycle(cycle)
    }
    record.wait()
    graph.withLock { $0.remove(thread: thread.id) }
  }

  /// How many threads wait for a build now: for tests.
  package static var waitingThreads: Int {
    graph.withLock { $0.count }
  }
}
