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
