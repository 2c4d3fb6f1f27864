import Dispatch

/// Keeps a value alive and opaque to the optimizer, so a measured read cannot be deleted.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Wall-clock timing of a block of operations.
enum Timing {
  /// The fastest run of each subject, in nanoseconds per operation, with the subjects' rounds
  /// interleaved so that a burst of load on the machine hits every subject alike.
  ///
  /// The minimum is the run least disturbed by the rest of the machine; every subject in one
  /// scenario is measured the same way, in the same process, so their ratio is what matters.
  static func interleaved(
    operations: Int, rounds: Int, _ subjects: [() -> Void]
  ) -> [Double] {
    var best = [Double](repeating: .infinity, count: subjects.count)
    for _ in 0..<rounds {
      for (index, body) in subjects.enumerated() {
        best[index] = min(best[index], once(operations: operations, body))
      }
    }
    return best
  }

  /// One run of `body`, in nanoseconds per operation: for what can happen only once per process.
  static func once(operations: Int, _ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(operations)
  }
}
