/// Airframe's two hot reads: a per-key instance that is already built, and the configured global.
enum AirframeReads {
  static func runPerKey(scale: Scale) -> Report {
    let key = "notebook-with-a-long-enough-name"
    _ = (readPerKey(key), readHandKeyed(key))
    let reads = scale.reads / 10
    let best = Timing.interleaved(
      operations: reads, rounds: scale.rounds,
      [
        { for _ in 0..<reads { blackHole(readHandKeyed(key)) } },
        { for _ in 0..<reads { blackHole(readPerKey(key)) } },
      ])
    return Report(
      scenario: "Per-key instance, already built (\(reads) reads)",
      unit: "ns/read",
      baseline: .init(subject: "hand: [String: Context] under a Mutex", value: best[0]),
      others: [.init(subject: "Airframe PerKey.shared(for:)", value: best[1])])
  }

  static func runConfigured(scale: Scale) -> Report {
    _ = (readConfigured(), readConstant())
    let reads = scale.reads
    let best = Timing.interleaved(
      operations: reads, rounds: scale.rounds,
      [
        { for _ in 0..<reads { blackHole(readConstant()) } },
        { for _ in 0..<reads { blackHole(readConfigured()) } },
      ])
    return Report(
      scenario: "Configured global read (\(reads) reads)",
      unit: "ns/read",
      baseline: .init(subject: "a global let", value: best[0]),
      others: [.init(subject: "Airframe Configured.value", value: best[1])])
  }
}
