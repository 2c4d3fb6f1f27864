import NapkinTesting
import Testing

@MainActor
@Suite struct DeallocationCheckTests {
  @Test func anObjectKeptAliveFailsNamingItsTypeAtTheCallersLine() async {
    let keeper = Keeper()
    keeper.object = Tracked()
    let line = #line + 2
    let failures = await collectFailures {
      await expectDeallocated(keeper.object!, within: .milliseconds(20))
    }
    #expect(failures.count == 1)
    #expect(failures.first?.message.contains("leak: Tracked is still alive") == true)
    #expect(failures.first?.line == line)
    #expect(failures.first?.fileID == #fileID)
  }

  @Test func anObjectNothingElseHoldsReportsNothing() async {
    let failures = await collectFailures {
      await expectDeallocated(Tracked())
    }
    #expect(failures.isEmpty)
  }
}
