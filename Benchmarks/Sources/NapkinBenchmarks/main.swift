#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Napkin's benchmarks: run in release mode, `swift run -c release --package-path Benchmarks`.
// Every scenario measures its subjects in this one process and prints their ratio to a baseline.

let arguments = CommandLine.arguments.dropFirst()

/// The word after `flag`, if `flag` is there; stops with a usage error when the word is missing.
func value(after flag: String) -> String? {
  guard let index = arguments.firstIndex(of: flag) else { return nil }
  guard arguments.index(after: index) < arguments.endIndex else {
    print("error: \(flag) needs a value; see --help")
    exit(2)
  }
  return arguments[arguments.index(after: index)]
}

if arguments.contains("--help") || arguments.contains("-h") {
  print(
    """
    usage: NapkinBenchmarks [--smoke] [--only SCENARIO] [--napkins N] [--app-rounds R]
                            [--deep-chain DEPTH] [--write-app-tree N WIRING DIRECTORY]

      (no option)         every scenario at full size; prints ns/op and the ratio to hand wiring
      --smoke             every scenario at a small size: checks that they run, not their speed
      --only SCENARIO     one of first-graph, footprint, hot, hot-capturing, first-read, chain,
                          contended, blocked-builder, stack, per-key, configured,
                          tree-snapshot, app-scale
      --napkins N         the app-scale scenario for an app of N napkins only (default 300
                          and 1000; 13 with --smoke)
      --app-rounds R      builds per size and wiring in app-scale, best kept (default 2)
      --write-app-tree N WIRING DIRECTORY
                          writes the app-scale tree of N napkins (WIRING: napkin, hand or
                          hand-protocols) into DIRECTORY, for a compiler run of your own (the
                          instruction counts of Benchmarks/README.md)
      --deep-chain DEPTH  resolves a DEPTH-deep chain of nested factories on the main thread's
                          default stack, then exits (CI runs 10000 in a release build)
      --profile SUBJECT   runs one subject alone, for valgrind --tool=callgrind: chain-hand,
                          chain-napkin, hot-hand, hot-napkin, capturing-hand,
                          capturing-napkin, per-key-hand, per-key-airframe, snapshot-tree
                          (builds the 300-napkin tree only), snapshot-hand, snapshot-napkin
                          (the tree, then 100 walks or snapshots) or idle
    """)
} else if let subject = value(after: "--first-graph-child") {
  // A child of the first-graph scenario: measure one fresh graph, print it, exit.
  guard let nanoseconds = FirstGraph.measureInThisProcess(subject: subject) else {
    print("error: --first-graph-child takes hand or napkin")
    exit(2)
  }
  print(nanoseconds)
} else if let subject = value(after: "--profile") {
  // One subject alone, for instruction counts under `valgrind --tool=callgrind`, which are
  // repeatable where wall-clock time on a shared machine is not.
  switch subject {
  case "chain-hand": for _ in 0..<200 { blackHole(DeepChain.handChain(depth: 1_000)) }
  case "chain-napkin": for _ in 0..<200 { blackHole(DeepChain.componentChain(depth: 1_000)) }
  case "hot-hand":
    let hand = HandWired()
    for _ in 0..<1_000_000 { blackHole(readHandWired(hand)) }
  case "hot-napkin":
    let component = ServiceComponent()
    for _ in 0..<1_000_000 { blackHole(readComponent(component)) }
  case "capturing-hand":
    let hand = HandLinkNode(parent: HandLinkRoot())
    for _ in 0..<1_000_000 { blackHole(readHandLink(hand)) }
  case "capturing-napkin":
    let component = LinkComponent(dependency: LinkRootComponent())
    for _ in 0..<1_000_000 { blackHole(readLinkComponent(component)) }
  case "per-key-hand":
    for _ in 0..<100_000 { blackHole(readHandKeyed("notebook-with-a-long-enough-name")) }
  case "per-key-airframe":
    for _ in 0..<100_000 { blackHole(readPerKey("notebook-with-a-long-enough-name")) }
  case "snapshot-tree": blackHole(TreeSnapshotCost.makeTree())
  case "snapshot-hand":
    let root = TreeSnapshotCost.makeTree()
    for _ in 0..<100 { blackHole(TreeSnapshotCost.handWalk(root)) }
  case "snapshot-napkin":
    let root = TreeSnapshotCost.makeTree()
    for _ in 0..<100 { blackHole(root.treeSnapshot()) }
  case "idle": break
  default:
    print("error: unknown profile subject \(subject); see --help")
    exit(2)
  }
} else if let napkinsText = value(after: "--write-app-tree") {
  let words = Array(arguments.drop { $0 != "--write-app-tree" }.dropFirst().prefix(3))
  guard words.count == 3, let napkins = Int(napkinsText), napkins > 0,
    let wiring = AppTree.Wiring(rawValue: words[1])
  else {
    print("error: --write-app-tree needs N WIRING DIRECTORY, e.g. 30 napkin /tmp/tree")
    exit(2)
  }
  AppTree(napkins: napkins, wiring: wiring).write(to: words[2])
} else if let depthText = value(after: "--deep-chain") {
  guard let depth = Int(depthText), depth > 0 else {
    print("error: --deep-chain needs a positive depth, e.g. --deep-chain 10000")
    exit(2)
  }
  let leaf = DeepChain.componentChain(depth: depth)
  var length = 0
  var node: Link? = leaf
  while let current = node {
    length += 1
    node = current.parent
  }
  print("resolved a \(depth)-deep chain of nested factories on the main thread: \(length) links")
  if length != depth + 1 { exit(1) }
} else {
  var scale = arguments.contains("--smoke") ? Scale.smoke : Scale.full
  if let napkinsText = value(after: "--napkins") {
    guard let napkins = Int(napkinsText), napkins > 0 else {
      print("error: --napkins needs a positive count, e.g. --napkins 300")
      exit(2)
    }
    scale = scale.withAppNapkins([napkins])
  }
  if let roundsText = value(after: "--app-rounds") {
    guard let rounds = Int(roundsText), rounds > 0 else {
      print("error: --app-rounds needs a positive count, e.g. --app-rounds 1")
      exit(2)
    }
    scale = scale.withAppRounds(rounds)
  }
  let only = value(after: "--only")
  let scenarios: [(name: String, run: (Scale) -> [Report])] = [
    // First, before anything else touches the types: the cost of a fresh process's first graph.
    ("first-graph", { [FirstGraph.run(scale: $0)] }),
    ("footprint", { [Footprint.run(scale: $0)] }),
    ("hot", { [HotRead.run(scale: $0)] }),
    ("hot-capturing", { [HotReadCapturing.run(scale: $0)] }),
    ("first-read", { [FirstRead.run(scale: $0)] }),
    ("chain", { [DeepChain.run(scale: $0)] }),
    ("contended", { [ContendedRead.run(scale: $0)] }),
    ("blocked-builder", { [BlockedBuilder.run(scale: $0)] }),
    ("stack", { [StackPerLevel.run(scale: $0)] }),
    ("per-key", { [AirframeReads.runPerKey(scale: $0)] }),
    ("configured", { [AirframeReads.runConfigured(scale: $0)] }),
    ("tree-snapshot", { [TreeSnapshotCost.run(scale: $0)] }),
    // Last: it runs the compiler for minutes at full size.
    ("app-scale", AppScale.run),
  ]
  if let only, !scenarios.contains(where: { $0.name == only }) {
    let names = scenarios.map(\.name).joined(separator: ", ")
    print("error: no scenario named \(only); the scenarios are \(names)")
    exit(2)
  }
  for scenario in scenarios where only == nil || only == scenario.name {
    for report in scenario.run(scale) { report.print() }
  }
}
