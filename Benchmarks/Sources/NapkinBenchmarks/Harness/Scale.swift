/// How much work each scenario does: a full run for figures, a smoke run for CI.
struct Scale {
  let reads: Int
  let firstReads: Int
  let chains: Int
  let footprintObjects: Int
  let rounds: Int
  /// The sizes of the generated apps, in napkins, and the builds per size and wiring.
  let appNapkins: [Int]
  let appRounds: Int

  static let full = Scale(
    reads: 20_000_000, firstReads: 200_000, chains: 200, footprintObjects: 100_000, rounds: 7,
    appNapkins: [300, 1_000], appRounds: 2)
  static let smoke = Scale(
    reads: 200_000, firstReads: 2_000, chains: 5, footprintObjects: 1_000, rounds: 2,
    appNapkins: [13], appRounds: 1)

  /// This scale with the app-scale scenario at the given sizes only.
  func withAppNapkins(_ sizes: [Int]) -> Scale {
    Scale(
      reads: reads, firstReads: firstReads, chains: chains, footprintObjects: footprintObjects,
      rounds: rounds, appNapkins: sizes, appRounds: appRounds)
  }

  /// This scale with `rounds` builds per size and wiring in the app-scale scenario.
  func withAppRounds(_ rounds: Int) -> Scale {
    Scale(
      reads: reads, firstReads: firstReads, chains: chains, footprintObjects: footprintObjects,
      rounds: self.rounds, appNapkins: appNapkins, appRounds: rounds)
  }
}
