/// How much work each scenario does: a full run for figures, a smoke run for CI.
struct Scale {
  let reads: Int
  let firstReads: Int
  let chains: Int
  let footprintObjects: Int
  let rounds: Int

  static let full = Scale(
    reads: 20_000_000, firstReads: 200_000, chains: 200, footprintObjects: 100_000, rounds: 7)
  static let smoke = Scale(
    reads: 200_000, firstReads: 2_000, chains: 5, footprintObjects: 1_000, rounds: 2)
}
