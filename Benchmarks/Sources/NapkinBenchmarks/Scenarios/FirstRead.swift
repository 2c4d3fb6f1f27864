/// Creating an owner and reading its instance for the first time: the factory runs.
enum FirstRead {
  static func run(scale: Scale) -> Report {
    let count = scale.firstReads
    let best = Timing.interleaved(
      operations: count, rounds: scale.rounds,
      [
        { for _ in 0..<count { blackHole(readHandWired(HandWired())) } },
        { for _ in 0..<count { blackHole(readComponent(ServiceComponent())) } },
        { for _ in 0..<count { blackHole(readLockedDictionary(LockedDictionaryContainer())) } },
      ])
    return Report(
      scenario: "First read, owner creation and factory included (\(count) owners)",
      unit: "ns/owner",
      baseline: .init(subject: "hand wiring (lazy var)", value: best[0]),
      others: [
        .init(subject: "Napkin Component.shared", value: best[1]),
        .init(subject: "reference: recursive lock + [String: Any]", value: best[2]),
      ])
  }
}
