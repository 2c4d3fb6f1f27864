import NapkinOnce
import Testing

@Suite struct InstanceStoreTests {
  @Test func everyKeyOfAStoreIsBuiltOnceAndFoundAgainWhateverItsPosition() {
    let owner = StoreOwner()
    let keys = (0..<100).map { "key \($0)" }
    let first = keys.map { key in owner.instance(key) { Probe(key) } }
    let again = keys.reversed().map { key in owner.instance(key) { Probe("rebuilt") } }
    #expect(owner.runs == 100)
    #expect(zip(first, again.reversed()).allSatisfy { $0 === $1 })
    #expect(again.reversed().map(\.name) == keys)
  }

  @Test func aKeySpelledAtRunTimeFindsTheInstanceOfTheLiteralWithItsCharacters() {
    let owner = StoreOwner()
    let literal = owner.instance("homeAnalytics") { Probe("literal") }
    let spelled = String(["home", "Analytics"].joined())
    #expect(owner.instance(spelled) { Probe("rebuilt") } === literal)
    #expect(owner.runs == 1)
  }

  @Test func destroyingAStoreReleasesEveryInstanceItHolds() {
    weak var firstProbe: Probe?
    weak var lastProbe: Probe?
    do {
      let owner = StoreOwner()
      for number in 0..<10 {
        let probe = owner.instance("probe \(number)") { Probe("\(number)") }
        if number == 0 { firstProbe = probe }
        if number == 9 { lastProbe = probe }
      }
      #expect(firstProbe != nil)
      #expect(lastProbe != nil)
    }
    #expect(firstProbe == nil)
    #expect(lastProbe == nil)
  }

  @Test func valuesThatAreNotObjectsAreStoredOnceAndReadBackIntact() {
    let owner = StoreOwner()
    #expect(owner.instance("count") { 42 } == 42)
    #expect(owner.instance("count") { 0 } == 42)
    #expect(owner.instance("names") { ["a", "b"] } == ["a", "b"])
    let probe: any Sendable & AnyObject = owner.instance("probe") {
      Probe("p") as any Sendable & AnyObject
    }
    #expect(owner.instance("probe") { Probe("q") as any Sendable & AnyObject } === probe)
    #expect(owner.runs == 3)
  }

  @Test func aSubclassOrAProtocolWithRequirementsIsReadBackAsTheTypeItWasAskedFor() {
    // A class instance is kept as itself and anything else boxed; an `any Named` is two words
    // (the reference and a witness table), so it must take the boxed way, and a subclass
    // instance asked for as its base class must come back as that same object.
    let owner = StoreOwner()
    let named: any Named = owner.instance("named") { NamedProbe("n") as any Named }
    #expect(owner.instance("named") { NamedProbe("m") as any Named }.name == "n")
    #expect(owner.instance("named") { NamedProbe("m") as any Named } === named)
    let base: Probe = owner.instance("base") { NamedProbe("sub") as Probe }
    #expect(owner.instance("base") { Probe("other") } === base)
    #expect(owner.instance("base") { Probe("other") } is NamedProbe)
    #expect(owner.runs == 2)
  }

  @Test func anEmptyStoreFitsInThreeWordsInsideItsComponent() {
    // What keeps an empty component within 64 bytes (the `footprint` benchmark): the lock with
    // its array of slots, and the lock's hand-off counter.
    #expect(MemoryLayout<InstanceStore>.size <= 3 * MemoryLayout<UInt>.size)
  }

  @Test func aListingShowsEachBuiltInstanceInTheOrderItsBuildBegan() {
    let owner = StoreOwner()
    _ = owner.instance("outer") { owner.instance("inner") { Probe("inner") }.name + " and outer" }
    let listed = owner.store.builtInstances
    #expect(listed.map(\.key) == ["outer", "inner"])
    #expect(listed.map { "\($0.type)" } == ["String", "Probe"])
    #expect(listed.first?.value as? String == "inner and outer")
  }
}
