import Dispatch
import Foundation
import Synchronization

/// Runs work items on threads with a large stack: SwiftParser and syntax visitors recurse once
/// per nesting level, and the threads `DispatchQueue.concurrentPerform` uses have 512 KiB on
/// Linux (the main thread 8 MiB), which a 500-deep generic type overflows.
enum ParserThreads {
  /// Enough for ``NestingGuard/maximumDepth`` levels with a wide margin: the deepest frames
  /// measured take about 16 KiB a level. Reserved address space; only touched pages cost memory.
  static let stackSize = 256 << 20

  /// The shared state of one ``map(_:_:)``: the next index to take and the results so far.
  ///
  /// The results sit behind an `NSLock`, the project's lock for state (CONTRIBUTING.md, "Locks"):
  /// ThreadSanitizer sees its hand-offs, not a contended `Mutex`'s.
  private final class Work<Result: Sendable>: @unchecked Sendable {
    // SAFETY: `results` is read and written only inside `lock.withLock`, in `withResults`; every
    // other stored property is a `let` of a Sendable type.
    let next = Atomic<Int>(0)
    let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var results: [Int: Result] = [:]

    func withResults<Value>(_ body: (inout [Int: Result]) -> Value) -> Value {
      lock.withLock { body(&results) }
    }
  }

  /// Calls `body` with every index in `0..<count`, on up to one thread per core, and returns
  /// the results in index order once all are done.
  static func map<Result: Sendable>(
    _ count: Int,
    _ body: @escaping @Sendable (Int) -> Result
  ) -> [Result] {
    guard count > 0 else { return [] }
    let work = Work<Result>()
    let threads = min(count, max(1, ProcessInfo.processInfo.activeProcessorCount))
    for _ in 0..<threads {
      let thread = Thread {
        while true {
          let index = work.next.wrappingAdd(1, ordering: .relaxed).oldValue
          guard index < count else { break }
          let result = body(index)
          work.withResults { $0[index] = result }
        }
        work.done.signal()
      }
      thread.stackSize = stackSize
      thread.start()
    }
    for _ in 0..<threads {
      work.done.wait()
    }
    return work.withResults { all in (0..<count).compactMap { all[$0] } }
  }
}
