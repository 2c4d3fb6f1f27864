import Foundation

/// The first graph of a fresh process: a 1,000-deep chain built and resolved when nothing has run
/// yet (no type metadata instantiated, no symbol bound, an empty heap).
///
/// Each measurement is its own process, started from this binary, so neither subject pays for the
/// other's start-up; the figure is the median of several processes per subject, interleaved.
enum FirstGraph {
  static let depth = 1_000

  /// Runs inside a child process: one chain of `subject`, printed as nanoseconds per node.
  static func measureInThisProcess(subject: String) -> Double? {
    switch subject {
    case "hand":
      return Timing.once(operations: depth) { blackHole(DeepChain.handChain(depth: depth)) }
    case "napkin":
      return Timing.once(operations: depth) { blackHole(DeepChain.componentChain(depth: depth)) }
    default:
      return nil
    }
  }

  static func run(scale: Scale) -> Report {
    let processes = max(3, scale.rounds)
    var hand: [Double] = []
    var napkin: [Double] = []
    for _ in 0..<processes {
      hand.append(measureInFreshProcess(subject: "hand"))
      napkin.append(measureInFreshProcess(subject: "napkin"))
    }
    return Report(
      scenario: "First \(depth)-deep chain in a fresh process (median of \(processes) processes)",
      unit: "ns/node",
      baseline: .init(subject: "hand wiring (lazy var)", value: median(hand)),
      others: [.init(subject: "Napkin Component.shared", value: median(napkin))])
  }

  private static func measureInFreshProcess(subject: String) -> Double {
    let run = runChild(
      URL(fileURLWithPath: executablePath), ["--first-graph-child", subject],
      scenario: "first-graph")
    let text = run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    guard run.status == 0, let value = Double(text) else {
      fatalError("the first-graph child for \(subject) failed: status \(run.status)")
    }
    return value
  }

  private static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
  }
}
