import Testing

@testable import NapkinTesting

/// The clock's decisions, driven with labels in place of continuations.
@Suite struct SleeperTableTests {
  typealias Table = SleeperTable<String>

  private func suspend(_ table: inout Table, _ label: String, at seconds: Int) -> [String] {
    let id = table.begin()
    let resumed = table.suspend(
      id, until: .deadline(TestClock.Instant(offset: .seconds(seconds))), continuation: label)
    return resumed.map(\.continuation)
  }

  private func wakeAll(_ table: inout Table, until seconds: Int) -> [[String]] {
    var batches: [[String]] = []
    while let due = table.wakeEarliest(notAfter: TestClock.Instant(offset: .seconds(seconds))) {
      batches.append(due.map(\.continuation))
      #expect(due.allSatisfy { $0.outcome == .wake })
    }
    return batches
  }

  @Test func sleepersAreWokenOneDeadlineAtATimeInDeadlineOrder() {
    var table = Table(now: TestClock.Instant())
    #expect(suspend(&table, "c", at: 3).isEmpty)
    #expect(suspend(&table, "a", at: 1).isEmpty)
    #expect(suspend(&table, "b", at: 2).isEmpty)

    var batches: [[String]] = []
    var times: [TestClock.Instant] = []
    while let due = table.wakeEarliest(notAfter: TestClock.Instant(offset: .seconds(10))) {
      batches.append(due.map(\.continuation))
      times.append(table.now)
    }

    #expect(batches == [["a"], ["b"], ["c"]])
    #expect(times.map(\.offset) == [.seconds(1), .seconds(2), .seconds(3)])
    #expect(table.now == TestClock.Instant(offset: .seconds(10)))
    #expect(table.entryCount == 0)
  }

  @Test func sleepersWithTheSameDeadlineWakeInArrivalOrder() {
    var table = Table(now: TestClock.Instant())
    for label in ["first", "second", "third"] {
      _ = suspend(&table, label, at: 5)
    }
    #expect(wakeAll(&table, until: 5) == [["first", "second", "third"]])
  }

  @Test func sleepersAfterTheTargetStayAsleep() {
    var table = Table(now: TestClock.Instant())
    _ = suspend(&table, "soon", at: 1)
    _ = suspend(&table, "later", at: 9)

    #expect(wakeAll(&table, until: 4) == [["soon"]])
    #expect(table.sleeperCount == 1)
    #expect(table.now == TestClock.Instant(offset: .seconds(4)))
    #expect(wakeAll(&table, until: 9) == [["later"]])
  }

  @Test func aDeadlineThatHasPassedIsAnsweredAtOnce() {
    var table = Table(now: TestClock.Instant(offset: .seconds(5)))
    #expect(suspend(&table, "past", at: 4) == ["past"])
    #expect(suspend(&table, "now", at: 5) == ["now"])
    #expect(table.entryCount == 0)
  }

  @Test func cancellingASuspendedSleeperRemovesItAndCancelsIt() {
    var table = Table(now: TestClock.Instant())
    let id = table.begin()
    _ = table.suspend(
      id, until: .deadline(TestClock.Instant(offset: .seconds(1))), continuation: "s")

    let resumed = table.cancel(id)

    #expect(resumed.map(\.continuation) == ["s"])
    #expect(resumed.map(\.outcome) == [.cancel])
    #expect(table.sleeperCount == 0)
    let next = table.wakeEarliest(notAfter: TestClock.Instant(offset: .seconds(1)))
    #expect(next == nil)
  }

  @Test func aCancellationBeforeSuspendingIsAnsweredWhenTheSleeperSuspends() {
    var table = Table(now: TestClock.Instant())
    let id = table.begin()
    #expect(table.cancel(id).isEmpty)

    let resumed = table.suspend(
      id, until: .deadline(TestClock.Instant(offset: .seconds(1))), continuation: "late")

    #expect(resumed.map(\.outcome) == [.cancel])
    #expect(table.entryCount == 0)
  }

  @Test func cancellingAnAnsweredSleeperDoesNothing() {
    var table = Table(now: TestClock.Instant())
    let id = table.begin()
    _ = table.suspend(
      id, until: .deadline(TestClock.Instant(offset: .seconds(1))), continuation: "s")
    _ = table.wakeEarliest(notAfter: TestClock.Instant(offset: .seconds(1)))

    #expect(table.cancel(id).isEmpty)
    #expect(table.entryCount == 0)
  }

  @Test func aSleeperCountWaiterIsReleasedWhenEnoughSleepersArrive() {
    var table = Table(now: TestClock.Instant())
    let waiter = table.begin()
    #expect(table.suspend(waiter, until: .sleepers(count: 2), continuation: "waiter").isEmpty)

    #expect(suspend(&table, "one", at: 1).isEmpty)
    #expect(suspend(&table, "two", at: 1) == ["waiter"])
    #expect(table.sleeperCount == 2)

    let satisfied = table.begin()
    let answered = table.suspend(satisfied, until: .sleepers(count: 2), continuation: "now")
    #expect(answered.map(\.continuation) == ["now"])
  }

  @Test func advancesClaimedTogetherAddUp() {
    var table = Table(now: TestClock.Instant(offset: .seconds(1)))
    #expect(table.claimAdvance(by: .seconds(2)) == TestClock.Instant(offset: .seconds(3)))
    #expect(table.claimAdvance(by: .seconds(2)) == TestClock.Instant(offset: .seconds(5)))
    table.claimAdvance(to: TestClock.Instant(offset: .seconds(9)))
    #expect(table.claimAdvance(by: .seconds(1)) == TestClock.Instant(offset: .seconds(10)))
  }
}
