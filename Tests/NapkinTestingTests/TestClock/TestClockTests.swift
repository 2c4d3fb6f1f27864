import NapkinTesting
import Testing

@Suite(.timeLimit(.minutes(1)))
struct TestClockTests {
  @Test func aSleeperWakesWhenTimeReachesItsDeadlineAndSeesItsDeadlineAsNow() async throws {
    let clock = TestClock()
    let sleeper = Task {
      try await clock.sleep(for: .seconds(5))
      return clock.now
    }
    try await clock.waitForSleepers(count: 1)

    await clock.advance(by: .seconds(4))
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(6))

    #expect(try await sleeper.value == TestClock.Instant(offset: .seconds(5)))
    #expect(clock.now == TestClock.Instant(offset: .seconds(10)))
    #expect(clock.sleeperCount == 0)
  }

  @Test func sleepingUntilAnInstantThatHasPassedReturnsAtOnce() async throws {
    let clock = TestClock(now: TestClock.Instant(offset: .seconds(3)))
    try await clock.sleep(until: TestClock.Instant(offset: .seconds(1)), tolerance: .seconds(1))
    try await clock.sleep(until: clock.now)
    #expect(clock.sleeperCount == 0)
  }

  @MainActor
  @Test func sleepersOnTheMainActorWakeInDeadlineOrder() async throws {
    let clock = TestClock()
    var woken: [Int] = []
    var tasks: [Int: Task<Void, any Error>] = [:]
    for seconds in [3, 1, 2] {
      tasks[seconds] = Task { @MainActor in
        try await clock.sleep(for: .seconds(seconds))
        woken.append(seconds)
      }
    }
    try await clock.waitForSleepers(count: 3)

    // One deadline at a time: a sleeper's own hop back to the main actor after it wakes is
    // scheduled by the runtime, so only waking deadlines one by one makes the order observable.
    for seconds in [1, 2, 3] {
      await clock.advance(by: .seconds(1))
      try await tasks[seconds]?.value
      #expect(woken == Array(1...seconds))
      #expect(clock.sleeperCount == 3 - seconds)
    }
  }

  @Test func aCancelledSleeperThrowsCancellationErrorAndLeavesTheClock() async throws {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    try await clock.waitForSleepers(count: 1)

    sleeper.cancel()

    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test func aTaskCancelledBeforeItSleepsThrowsCancellationError() async {
    let clock = TestClock()
    let sleeper = Task {
      // SAFETY: the `UnsafeCurrentTask` is used only inside the closure, from the task it names
      // (this task's own body), and never escapes it.
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test func cancellationRacingTheStartOfASleepAlwaysEndsTheSleep() async {
    let clock = TestClock()
    for _ in 0..<2_000 {
      let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
      sleeper.cancel()
      await #expect(throws: CancellationError.self) { try await sleeper.value }
    }
    #expect(clock.sleeperCount == 0)
    #expect(clock.now == TestClock.Instant())
  }

  @Test func concurrentSleepersAndAdvancesWakeEverySleeperExactlyOnce() async throws {
    let clock = TestClock()
    let sleepers = 500
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<sleepers {
        group.addTask { try await clock.sleep(for: .milliseconds(index % 50 + 1)) }
      }
      try await clock.waitForSleepers(count: sleepers)
      for _ in 0..<4 {
        group.addTask { await clock.advance(by: .milliseconds(25)) }
      }
      try await group.waitForAll()
    }
    #expect(clock.sleeperCount == 0)
    #expect(clock.now == TestClock.Instant(offset: .milliseconds(100)))
  }

  @Test func waitingForSleepersHonoursCancellation() async {
    let clock = TestClock()
    let waiter = Task { try await clock.waitForSleepers(count: 1) }
    waiter.cancel()
    await #expect(throws: CancellationError.self) { try await waiter.value }
  }

  @Test func itServesCodeWrittenAgainstAnyClock() async throws {
    let clock = TestClock()
    let delayed = Task { try await pause(on: clock, for: .seconds(2)) }
    try await clock.waitForSleepers()
    await clock.advance(by: .seconds(2))
    try await delayed.value
    #expect(clock.minimumResolution == .nanoseconds(1))
  }

  // Exit tests run the body in a child process: only where Swift Testing supports them.
  #if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD) || os(Windows)
    @Test func advancingBackwardsStopsWithAMessage() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await TestClock().advance(by: .seconds(-1))
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(message.contains("TestClock.advance(by: -1.0 seconds) would move time backwards"))
    }

    @Test func advancingToAnEarlierInstantStopsWithAMessage() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let clock = TestClock(now: TestClock.Instant(offset: .seconds(5)))
        await clock.advance(to: TestClock.Instant(offset: .seconds(1)))
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(
        message.contains("TestClock.advance(to: +1.0 seconds) would move time backwards from +5.0"))
    }
  #endif

  @Test func anInstantPrintsAsItsOffset() {
    let instant = TestClock.Instant(offset: .milliseconds(1_500))
    #expect(instant.description == "+1.5 seconds")
    #expect(instant.duration(to: instant.advanced(by: .seconds(2))) == .seconds(2))
  }

  @Test func advancingByTheLongestDurationsSaturatesInsteadOfTrapping() async {
    let clock = TestClock()
    for _ in 0..<20 {
      await clock.advance(by: .seconds(Int64.max))
    }
    #expect(clock.now.offset == Duration(attoseconds: .max))
    #expect(clock.now.advanced(by: .seconds(1)) == clock.now)
  }
}

private func pause(on clock: some Clock<Duration>, for duration: Duration) async throws {
  try await clock.sleep(for: duration)
}
