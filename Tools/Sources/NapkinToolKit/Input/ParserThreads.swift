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
  private final class Work<Result: Sendable>: Sendable {
    let next = Atomic<Int>(0)
    let results = Mutex<[Int: Result]>([:])
    let done = DispatchSemaphore(value: 0)
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
          work.results.withLock { $0[index] = result }
        }
        work.done.signal()
      }
      thread.stackSize = stackSize
      thread.start()
    }
    for _ in 0..<threads {
      work.done.wait()
    }
    return work.results.withLock { all in (0..<count).compactMap { all[$0] } }
  }
}
