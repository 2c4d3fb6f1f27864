/// Reading an instance that is already built, the operation an app performs most.
enum HotRead {
  static func run(scale: Scale) -> Report {
    let hand = HandWired()
    let component = ServiceComponent()
    let locked = LockedDictionaryContainer()
    _ = (readHandWired(hand), readComponent(component), readLockedDictionary(locked))
    let reads = scale.reads
    let best = Timing.interleaved(
      operations: reads, rounds: scale.rounds,
      [
        { for _ in 0..<reads { blackHole(readHandWired(hand)) } },
        { for _ in 0..<reads { blackHole(readComponent(component)) } },
        { for _ in 0..<reads { blackHole(readLockedDictionary(locked)) } },
      ])
    return Report(
      scenario: "Hot read of a built shared instance (\(reads) reads, best of \(scale.rounds))",
      unit: "ns/read",
      baseline: .init(subject: "hand wiring (lazy var)", value: best[0]),
      others: [
        .init(subject: "Napkin Component.shared", value: best[1]),
        .init(subject: "reference: recursive lock + [String: Any]", value: best[2]),
      ])
  }
}
