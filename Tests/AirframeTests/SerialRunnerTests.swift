import Airframe
import Foundation
import Testing

@Suite struct SerialRunnerTests {
  @Test func submittedJobsRunInTheOrderTheyWereSubmitted() async throws {
    let runner = SerialRunner(label: "order")
    let log = Log<Int>()
    let tasks = (0..<300).map { index in
      runner.submit {
        await Task.yield()
        log.append(index)
        await Task.yield()
        return index
      }
    }
    for (index, task) in tasks.enumerated() {
      #expect(try await task.value == index)
    }
    #expect(log.elements == Array(0..<300))
  }

  @Test func onlyOneJobRunsAtATimeAcrossSuspensionPoints() async throws {
    let runner = SerialRunner(label: "exclusive")
    let meter = ConcurrencyMeter()
    let count = Log<Int>()
    try await withThrowingTaskGroup { group in
      for task in 0..<8 {
        group.addTask {
          for step in 0..<50 {
            try await runner.run {
              meter.enter()
              await Task.yield()
              count.append(task * 100 + step)
              await Task.yield()
              meter.leave()
            }
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(meter.highest == 1)
    #expect(count.elements.count == 400)
  }

  @Test func callsFromOneTaskRunInCallOrderAndReturnTheirValues() async throws {
    let runner = SerialRunner()
    var results: [String] = []
    for index in 0..<20 {
      results.append(try await runner.run { "job \(index)" })
    }
    #expect(results == (0..<20).map { "job \($0)" })
  }

  @Test func aTaskAJobStartedMayRunOnTheRunnerOnceTheJobHasEnded() async throws {
    let runner = SerialRunner(label: "follow-up")
    let (ended, jobEnded) = AsyncStream.makeStream(of: Void.self)
    // The task inherits the job's task-locals, and runs on the runner only after the job ended:
    // it waits for its turn instead of being taken for a job that waits for itself.
    let followUp = try await runner.run {
      Task {
        for await _ in ended { break }
        return try await runner.run { 42 }
      }
    }
    jobEnded.yield()
    #expect(try await followUp.value == 42)
  }

  @Test func aThrowingJobPassesItsErrorOnAndTheNextJobRuns() async throws {
    struct Failure: Error {}
    let runner = SerialRunner()
    await #expect(throws: Failure.self) {
      try await runner.run { throw Failure() }
    }
    #expect(try await runner.run { 42 } == 42)
  }

  @Test func aCancelledWaitingJobIsRemovedWithoutRunning() async throws {
    let runner = SerialRunner(label: "cancel")
    let gate = Gate()
    let ran = Log<String>()
    let blocker = runner.submit {
      await gate.wait()
      ran.append("blocker")
    }
    let cancelled = runner.submit { ran.append("cancelled") }
    let after = runner.submit { ran.append("after") }
    cancelled.cancel()
    // The cancelled job leaves while the blocker still holds the runner.
    await #expect(throws: CancellationError.self) { try await cancelled.value }
    #expect(runner.waitingCount == 1)
    gate.open()
    try await blocker.value
    try await after.value
    #expect(ran.elements == ["blocker", "after"])
    #expect(runner.waitingCount == 0)
  }

  @Test func aCancelledCallerOfRunThrowsWithoutRunningItsJob() async throws {
    let runner = SerialRunner(label: "cancel run")
    let gate = Gate()
    let ran = Log<String>()
    let blocker = runner.submit { await gate.wait() }
    let caller = Task {
      try await runner.run { ran.append("caller") }
    }
    while runner.waitingCount == 0 { await Task.yield() }
    caller.cancel()
    await #expect(throws: CancellationError.self) { try await caller.value }
    gate.open()
    try await blocker.value
    try await runner.run { ran.append("next") }
    #expect(ran.elements == ["next"])
  }

  @Test func randomCancellationsNeverLoseTheTurn() async throws {
    let runner = SerialRunner(label: "stress")
    let meter = ConcurrencyMeter()
    let ran = Log<Int>()
    let tasks = (0..<500).map { index in
      runner.submit {
        meter.enter()
        await Task.yield()
        ran.append(index)
        meter.leave()
      }
    }
    var cancelled: Set<Int> = []
    for index in stride(from: 0, to: 500, by: 1) where Bool.random() {
      tasks[index].cancel()
      cancelled.insert(index)
    }
    var threw: Set<Int> = []
    for (index, task) in tasks.enumerated() {
      do { try await task.value } catch { threw.insert(index) }
    }
    let order = ran.elements
    #expect(order == order.sorted())
    #expect(Set(order).isDisjoint(with: threw))
    #expect(threw.isSubset(of: cancelled))
    #expect(Set(order).union(threw) == Set(0..<500))
    #expect(meter.highest == 1)
    #expect(runner.waitingCount == 0)
    #expect(try await runner.run { "still serving" } == "still serving")
  }

  @Test func aFinishedJobIsNotRetainedByTheRunner() async throws {
    final class Payload: Sendable {}
    let runner = SerialRunner()
    weak var weakPayload: Payload?
    do {
      let payload = Payload()
      weakPayload = payload
      try await runner.submit { _ = payload }.value
    }
    #expect(weakPayload == nil)
  }

  #if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD) || os(Windows)
    @Test func aTaskAJobStartsAndDoesNotAwaitWaitsForItsTurnWhileTheJobStillRuns() async {
      // Before the fix the task's `run`, made while the job still ran, stopped the program as a
      // job waiting for itself; in a process of its own, so that a stop fails only this test.
      await #expect(processExitsWith: .success) {
        let runner = SerialRunner(label: "unawaited")
        let followUp = try await runner.run {
          let task = Task { try await runner.run { 42 } }
          while runner.waitingCount == 0 { await Task.yield() }
          return task
        }
        if try await followUp.value != 42 { exit(1) }
      }
    }

    @Test func aJobOfAnotherRunnerThatCallsRunOnTheOuterRunnerStops() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let outer = SerialRunner(label: "outer")
        let inner = SerialRunner(label: "inner")
        try? await outer.run {
          try? await inner.run {
            try? await outer.run {}
          }
        }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("a job of SerialRunner \"outer\" called run on the same runner"))
    }

    @Test func aJobCallingRunOnItsOwnRunnerStopsWithTheRunnersLabel() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let runner = SerialRunner(label: "notes")
        try? await runner.run {
          try? await runner.run {}
        }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("a job of SerialRunner \"notes\" called run on the same runner"))
    }
  #endif
}
