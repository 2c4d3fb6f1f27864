import Dispatch
import Testing

@Suite struct NestedKeysRaceTests {
  @Test func nestedBuildsOfOneComponentsKeysBuildEachKeyOnceUnderRaces() {
    for _ in 0..<20 {
      let component = ChainedKeysComponent(dependency: RaceRoot())
      // Every thread starts from a different link, so builds nest, wait for one another and
      // publish into one store while it grows.
      DispatchQueue.concurrentPerform(iterations: 8) { iteration in
        _ = component.token(number: 47 - iteration * 6)
      }
      #expect(component.counter.count == 48)
      var link: ChainedToken? = component.token(number: 47)
      var expected = 47
      while let current = link {
        #expect(current.number == expected)
        #expect(current === component.token(number: expected))
        expected -= 1
        link = current.previous
      }
      #expect(expected == -1)
    }
  }
}
