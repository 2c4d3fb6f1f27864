/// Reading a built instance whose factory reads the component, as most factories do
/// (`shared { HomeAnalytics(userService: dependency.userService) }`).
///
/// Such a factory captures `self`, and Swift retains a captured `self` before the call unless the
/// optimizer can move that retain into the build path; this scenario keeps that cost in view.
enum HotReadCapturing {
  static func run(scale: Scale) -> Report {
    let hand = HandLinkNode(parent: HandLinkRoot())
    let component = LinkComponent(dependency: LinkRootComponent())
    _ = (readHandLink(hand), readLinkComponent(component))
    let reads = scale.reads
    let best = Timing.interleaved(
      operations: reads, rounds: scale.rounds,
      [
        { for _ in 0..<reads { blackHole(readHandLink(hand)) } },
        { for _ in 0..<reads { blackHole(readLinkComponent(component)) } },
      ])
    return Report(
      scenario:
        "Hot read, factory reads the component (\(reads) reads, best of \(scale.rounds))",
      unit: "ns/read",
      baseline: .init(subject: "hand wiring (lazy var)", value: best[0]),
      others: [.init(subject: "Napkin Component.shared", value: best[1])])
  }
}
