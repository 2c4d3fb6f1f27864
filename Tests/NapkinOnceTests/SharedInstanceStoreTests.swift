import NapkinOnce
import Testing

@Suite struct SharedInstanceStoreTests {
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

  @Test func aLaterKeySpelledAtRunTimeIsFoundWithoutRunningItsFactory() {
    // Past the first instance the look-up happens in the call before a build; a key of more
    // than 15 bytes spelled at run time has other bits than its literal, so only a comparison
    // of characters finds it there.
    let owner = StoreOwner()
    _ = owner.instance("theFirstInstanceOfThisStore") { Probe("first") }
    let later = owner.instance("anInstancePublishedAfterIt") { Probe("later") }
    let spelled = String(["anInstance", "PublishedAfterIt"].joined())
    #expect(owner.instance(spelled) { Probe("rebuilt") } === later)
    #expect(owner.runs == 2)
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

  @Test func anEmptyStoreTakesThreeWordsInsideItsComponent() {
    // What keeps an empty component at 56 bytes (the `footprint` benchmark): the first
    // instance's address, the lock, and the list of builds in progress.
    #expect(MemoryLayout<SharedInstanceStore>.size == 3 * MemoryLayout<UInt>.size)
  }
}

#if os(macOS) || os(Linux) || os(Windows)
  import Foundation

  @Suite struct StoreDestructionTests {
    @Test func destroyingAStoreOfManyInstancesUsesNoStackPerInstance() async {
      // A component with many computed keys, released on a thread whose stack could not hold
      // a frame per instance: 10,000 instances on 128 KiB.
      let finished = await withCheckedContinuation { continuation in
        let thread = Thread {
          var owner: StoreOwner? = StoreOwner()
          for number in 0..<10_000 {
            _ = owner!.instance("key \(number)") { number }
          }
          owner = nil
          continuation.resume(returning: owner == nil)
        }
        thread.stackSize = 128 * 1024
        thread.start()
      }
      #expect(finished)
    }
  }
#endif
