import Napkin
import Testing

@Suite struct CurrentValueTests {
  @Test func aReaderSeesTheCurrentValueFirstThenEachChange() async {
    let score = CurrentValue(0)
    var reader = score.values().makeAsyncIterator()
    #expect(await reader.next() == 0)
    score.value = 1
    #expect(await reader.next() == 1)
    score.update { $0 += 1 }
    #expect(await reader.next() == 2)
    #expect(score.value == 2)
  }

  @Test func aSlowReaderSeesTheLatestValueInsteadOfABacklog() async {
    let score = CurrentValue(0)
    var reader = score.values().makeAsyncIterator()
    for points in 1...100 {
      score.value = points
    }
    #expect(await reader.next() == 100)
    score.value = 101
    #expect(await reader.next() == 101)
  }

  @Test func eachReaderStartsAtTheValueCurrentWhenItWasMade() async {
    let name = CurrentValue("ada")
    var early = name.values().makeAsyncIterator()
    name.value = "alice"
    var late = name.values().makeAsyncIterator()
    #expect(await early.next() == "alice")
    #expect(await late.next() == "alice")
  }

  @Test func distinctValuesSkipAValueEqualToTheOneSeenLast() async {
    let name = CurrentValue("alice")
    var distinct = name.distinctValues().makeAsyncIterator()
    var every = name.values().makeAsyncIterator()
    #expect(await distinct.next() == "alice")
    #expect(await every.next() == "alice")
    name.value = "alice"
    #expect(await every.next() == "alice")
    name.value = "bob"
    #expect(await distinct.next() == "bob")
  }

  @Test func releasingTheCurrentValueEndsEveryReader() async {
    var score: CurrentValue<Int>? = CurrentValue(7)
    weak let released = score
    let values = score?.values()
    score = nil
    #expect(released == nil)
    var seen: [Int] = []
    for await points in values ?? CurrentValue(0).values() {
      seen.append(points)
    }
    #expect(seen == [7])
  }

  @Test func cancellingTheReadersTaskEndsItsLoop() async {
    let score = CurrentValue(0)
    let values = score.values()
    let reader = Task {
      var count = 0
      for await _ in values { count += 1 }
      return count
    }
    reader.cancel()
    let count = await reader.value
    #expect(count <= 1)
    score.value = 1  // nobody reads it; setting still works
    #expect(score.value == 1)
  }

  @Test func updatesFromManyThreadsAllCountAndReachAReaderInOrder() async {
    let counter = CurrentValue(0)
    let perTask = 5_000
    let watcher = Task {
      var last = -1
      var ordered = true
      for await value in counter.values() {
        ordered = ordered && value > last
        last = value
        if value == 2 * perTask { break }
      }
      return ordered
    }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<2 {
        group.addTask {
          for _ in 0..<perTask { counter.update { $0 += 1 } }
        }
      }
    }
    #expect(counter.value == 2 * perTask)
    #expect(await watcher.value)
  }
}

/// The rule of `update(_:)`'s body, enforced with Napkin's own message at the caller's line.
@Suite struct CurrentValueReentryTests {
  #if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD) || os(Windows)
    @Test func anUpdateInsideAnUpdateOfTheSameValueStopsNamingTheRuleAndTheCaller() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        Self.updateInsideItsOwnUpdate()
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("CurrentValue<Int>: called update(_:) inside an update(_:) body"))
      #expect(message.contains("must not read, set or update that CurrentValue"))
      #expect(message.contains("NapkinTests/CurrentValueTests.swift:\(Self.reentryLine)"))
      #expect(!message.contains("Recursive call to lock"))
    }

    @Test func readingTheValueInsideItsOwnUpdateStopsNamingTheRule() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let score = CurrentValue(0)
        score.update { $0 = score.value + 1 }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("CurrentValue<Int>: read value inside an update(_:) body"))
    }
  #endif

  /// The line of the inner `update` below: outside the exit test's body, whose `#line` defaults
  /// name the `#expect` that holds them.
  static let reentryLine = #line + 5

  static func updateInsideItsOwnUpdate() {
    let score = CurrentValue(0)
    score.update { points in
      score.update { $0 += 1 }
      points += 1
    }
  }

  @Test func updatesOfTwoValuesMayNestAndOtherThreadsStillWait() async {
    let score = CurrentValue(0)
    let total = CurrentValue(0)
    score.update { points in
      points = 2
      total.update { $0 += 10 }
    }
    #expect(score.value == 2)
    #expect(total.value == 10)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<500 { score.update { $0 += 1 } }
        }
      }
    }
    #expect(score.value == 4002)
  }
}
