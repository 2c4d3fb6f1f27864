import Napkin
import Observation
import Testing

@MainActor
@Suite struct InteractorLifecycleTests {
  let log = EventLog()

  @Test func activateCallsDidBecomeActiveAndDeactivateCallsWillResignActive() {
    let interactor = RecordingInteractor("i", log: log)
    #expect(!interactor.isActive)

    interactor.activate()
    #expect(interactor.isActive)
    interactor.deactivate()

    #expect(!interactor.isActive)
    #expect(log.events == ["i active", "i resign"])
  }

  @Test func willResignActiveRunsWhileStillActive() {
    let interactor = RecordingInteractor("i", log: log)
    interactor.activate()

    interactor.deactivate()

    #expect(interactor.wasActiveWhileResigning == true)
  }

  @Test func anInteractorCanBeActivatedAgainAfterDeactivation() {
    let interactor = RecordingInteractor("i", log: log)

    for _ in 0..<3 {
      interactor.activate()
      interactor.deactivate()
    }

    #expect(log.events.count == 6)
  }

  @Test func isActiveStreamYieldsTheCurrentValueThenEveryChange() async {
    let interactor = RecordingInteractor("i", log: log)
    interactor.activate()
    var iterator = interactor.isActiveStream.makeAsyncIterator()

    interactor.deactivate()
    interactor.activate()

    #expect(await iterator.next() == true)
    #expect(await iterator.next() == false)
    #expect(await iterator.next() == true)
  }

  @Test func isActiveStreamFinishesWhenTheInteractorIsDeallocated() async {
    var interactor: RecordingInteractor? = RecordingInteractor("i", log: log)
    let stream = interactor!.isActiveStream
    #expect(interactor != nil)

    interactor = nil

    var values: [Bool] = []
    for await value in stream {
      values.append(value)
    }
    #expect(values == [false])
  }

  @Test func theStreamDoesNotKeepTheInteractorAlive() {
    var interactor: RecordingInteractor? = RecordingInteractor("i", log: log)
    weak let weakInteractor = interactor
    let stream = interactor?.isActiveStream
    #expect(stream != nil)

    interactor = nil

    #expect(weakInteractor == nil)
  }

  @Test func isActiveIsObservable() {
    let interactor = RecordingInteractor("i", log: log)
    let changes = ChangeCounter()
    withObservationTracking {
      _ = interactor.isActive
    } onChange: {
      changes.count += 1
    }

    interactor.activate()

    #expect(changes.count == 1)
  }

  @Test func anObservableSubclassReportsItsOwnChangesAndIsActive() {
    let interactor = ObservableInteractor()
    let changes = ChangeCounter()
    withObservationTracking {
      _ = interactor.title
    } onChange: {
      changes.count += 1
    }
    withObservationTracking {
      _ = interactor.isActive
    } onChange: {
      changes.count += 10
    }

    interactor.title = "Home"
    interactor.activate()

    #expect(changes.count == 11)
  }

  @Test func tasksAreCancelledOnDeactivation() async throws {
    let interactor = RecordingInteractor("i", log: log)
    interactor.activate()
    let started = AsyncStream.makeStream(of: Void.self)
    let task = interactor.task {
      started.continuation.yield()
      try? await Task.sleep(for: .seconds(3600))
      return Task.isCancelled
    }
    var startedIterator = started.stream.makeAsyncIterator()
    await startedIterator.next()
    #expect(interactor.runningTaskCount == 1)

    interactor.deactivate()

    #expect(try await task.value)
    #expect(interactor.runningTaskCount == 0)
  }

  @Test func detachingARouterCancelsTheTasksOfItsWholeSubtree() async throws {
    let parent = RecordingRouter("parent", log: log)
    let child = RecordingRouter("child", log: log)
    let grandchild = RecordingRouter("grandchild", log: log)
    parent.attachChild(child)
    child.attachChild(grandchild)
    let childTask = child.interactor.task { await sleepUntilCancelled() }
    let grandchildTask = grandchild.interactor.task { await sleepUntilCancelled() }

    parent.detachChild(child)

    #expect(try await childTask.value)
    #expect(try await grandchildTask.value)
  }

  @Test func aFinishedTaskIsForgotten() async throws {
    let interactor = RecordingInteractor("i", log: log)
    interactor.activate()

    let value = try await interactor.task { 42 }.value

    #expect(value == 42)
    #expect(interactor.runningTaskCount == 0)
    #expect(!Task.isCancelled)
  }

  @Test func tasksOfAnEarlierActivePeriodDoNotSurviveIntoTheNextOne() async throws {
    let interactor = RecordingInteractor("i", log: log)
    interactor.activate()
    let old = interactor.task { await sleepUntilCancelled() }
    interactor.deactivate()
    interactor.activate()

    let fresh = interactor.task { Task.isCancelled }

    #expect(try await old.value)
    #expect(try await fresh.value == false)
  }

  @Test func manyTasksAreAllCancelledTogether() async throws {
    let interactor = RecordingInteractor("i", log: log)
    interactor.activate()
    let tasks = (0..<500).map { _ in interactor.task { await sleepUntilCancelled() } }
    #expect(interactor.runningTaskCount == 500)

    interactor.deactivate()

    for task in tasks {
      #expect(try await task.value)
    }
    #expect(interactor.runningTaskCount == 0)
  }

  @Test func streamsReadFromOtherTasksSeeEveryChangeInOrder() async {
    let interactor = RecordingInteractor("i", log: log)
    let toggles = 1_000
    let consumers = (0..<8).map { _ in
      let stream = interactor.isActiveStream
      return Task.detached {
        var seen: [Bool] = []
        for await value in stream {
          seen.append(value)
          if seen.count == toggles + 1 { break }
        }
        return seen
      }
    }

    for _ in 0..<(toggles / 2) {
      interactor.activate()
      await Task.yield()
      interactor.deactivate()
    }

    let expected = [false] + (0..<toggles).map { $0 % 2 == 0 }
    for consumer in consumers {
      #expect(await consumer.value == expected)
    }
  }

  @Test func cancellingAConsumerEndsOnlyItsStream() async {
    let interactor = RecordingInteractor("i", log: log)
    let cancelled = Task.detached { [stream = interactor.isActiveStream] in
      for await _ in stream {}
    }
    var kept = interactor.isActiveStream.makeAsyncIterator()

    cancelled.cancel()
    await cancelled.value
    interactor.activate()

    #expect(await kept.next() == false)
    #expect(await kept.next() == true)
  }
}

/// Sleeps until the task is cancelled and reports whether it was.
@MainActor
func sleepUntilCancelled() async -> Bool {
  try? await Task.sleep(for: .seconds(3600))
  return Task.isCancelled
}
