import Airframe
import Testing

@Suite struct AnnouncementsTests {
  @Test func everyReaderReceivesEveryEventInPostOrder() async {
    let announcements = Announcements<Int>()
    let readers = (0..<3).map { _ in announcements.subscribe() }
    for event in 0..<10 { announcements.post(event) }
    for reader in readers {
      var received: [Int] = []
      for await event in reader {
        received.append(event)
        if received.count == 10 { break }
      }
      #expect(received == Array(0..<10))
    }
  }

  @Test func readersInParallelTasksReceiveEverythingAPosterSends() async {
    let announcements = Announcements<Int>(bufferingNewest: 2_000)
    let subscriptions = (0..<4).map { _ in announcements.subscribe() }
    await withTaskGroup(of: [Int].self) { group in
      for subscription in subscriptions {
        group.addTask {
          var received: [Int] = []
          for await event in subscription {
            received.append(event)
            if received.count == 1_000 { break }
          }
          return received
        }
      }
      group.addTask {
        for event in 0..<1_000 {
          announcements.post(event)
          if event % 10 == 0 { await Task.yield() }
        }
        return []
      }
      for await received in group where !received.isEmpty {
        #expect(received == Array(0..<1_000))
      }
    }
  }

  @Test func aReaderOnlySeesEventsPostedAfterItSubscribed() async {
    let announcements = Announcements<String>()
    announcements.post("before")
    let reader = announcements.subscribe()
    announcements.post("after")
    var iterator = reader.makeAsyncIterator()
    #expect(await iterator.next() == "after")
  }

  @Test func aSlowReaderKeepsOnlyItsNewestEvents() async {
    var announcements: Announcements<Int>? = Announcements<Int>(bufferingNewest: 4)
    let slow = announcements!.subscribe()
    let roomy = announcements!.subscribe(bufferingNewest: 1_000)
    for event in 0..<100 { announcements!.post(event) }
    announcements = nil  // ends both readers' sequences after their buffers
    var slowEvents: [Int] = []
    for await event in slow { slowEvents.append(event) }
    var roomyEvents: [Int] = []
    for await event in roomy { roomyEvents.append(event) }
    #expect(slowEvents == [96, 97, 98, 99])
    #expect(roomyEvents == Array(0..<100))
  }

  @Test func aDroppedSubscriptionUnsubscribes() {
    let announcements = Announcements<Int>()
    do {
      let reader = announcements.subscribe()
      #expect(announcements.readerCount == 1)
      _ = reader
    }
    #expect(announcements.readerCount == 0)
    announcements.post(1)  // nobody listens; nothing is buffered
  }

  @Test func subscriptionsDoNotKeepTheAnnouncementsAlive() async {
    weak var weakAnnouncements: Announcements<Int>?
    let reader: Announcements<Int>.Subscription
    do {
      let announcements = Announcements<Int>()
      weakAnnouncements = announcements
      reader = announcements.subscribe()
    }
    #expect(weakAnnouncements == nil)
    var iterator = reader.makeAsyncIterator()
    #expect(await iterator.next() == nil)
  }

  @Test func aCancelledReaderStopsAndUnsubscribes() async {
    let announcements = Announcements<Int>()
    let reader = announcements.subscribe()
    let task = Task {
      var count = 0
      for await _ in reader { count += 1 }
      return count
    }
    announcements.post(1)
    task.cancel()
    _ = await task.value
    for _ in 0..<10_000 where announcements.readerCount != 0 { await Task.yield() }
    #expect(announcements.readerCount == 0)
  }
}
