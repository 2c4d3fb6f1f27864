import Dispatch
import Foundation

/// Hot reads of one instance from every core at once: both subjects pay the same contention on
/// the instance's reference count, so the ratio shows what the framework adds under it.
enum ContendedRead {
  static func run(scale: Scale) -> Report {
    let hand = HandWired()
    let component = ServiceComponent()
    _ = (readHandWired(hand), readComponent(component))
    let reads = scale.reads / 2
    // Every core, and at least two: the bar is stated for two threads at once.
    let threads = max(2, ProcessInfo.processInfo.activeProcessorCount)
    let best = Timing.interleaved(
      operations: reads, rounds: scale.rounds,
      [
        {
          DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<reads { blackHole(readHandWired(hand)) }
          }
        },
        {
          DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<reads { blackHole(readComponent(component)) }
          }
        },
      ])
    return Report(
      scenario: "Hot reads from \(threads) threads at once (\(reads) reads per thread)",
      unit: "ns/read",
      baseline: .init(subject: "hand wiring (lazy var)", value: best[0]),
      others: [.init(subject: "Napkin Component.shared", value: best[1])])
  }
}
