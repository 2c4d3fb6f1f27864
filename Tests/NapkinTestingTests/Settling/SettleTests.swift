import Napkin
import NapkinTesting
import Testing

/// `settle()` waits for what an interactor's tasks do with a change, so tests never poll.
@MainActor
@Suite struct SettleTests {
  @Test func aTaskStartedOnActivationHasRunWhenTheTreeSettles() async {
    let interactor = ScoreboardInteractor(score: CurrentValue(0))
    let router = Router(interactor: interactor)
    router.interactable.activate()
    #expect(!interactor.started)

    await router.settle()

    #expect(interactor.started)
    #expect(interactor.shown == [0])
    router.interactable.deactivate()
  }

  @Test func aValueSetOnACurrentValueHasReachedTheTaskWhenTheTreeSettles() async {
    let score = CurrentValue(0)
    let interactor = ScoreboardInteractor(score: score)
    let router = Router(interactor: interactor)
    router.interactable.activate()
    await router.settle()

    score.value = 1
    await router.settle()
    #expect(interactor.shown == [0, 1])

    // The reader reads on its own task: it may see 2 before 3 is set, or only 3, but never a
    // backlog, and once settled it has seen the last value.
    score.value = 2
    score.value = 3
    await router.settle()
    #expect(interactor.shown.prefix(2) == [0, 1])
    #expect(interactor.shown.last == 3)
    #expect(interactor.shown.count <= 4)
    router.interactable.deactivate()
  }

  @Test func aChildAttachedBelowIsSettledTooWhenItsAncestorSettles() async {
    let score = CurrentValue(0)
    let root = Router(interactor: Interactor())
    root.interactable.activate()
    let scoreboard = ScoreboardInteractor(score: score)
    root.attachChild(Router(interactor: scoreboard))
    score.value = 5

    await root.settle()

    #expect(scoreboard.shown.last == 5)
    root.interactable.deactivate()
  }

  @Test func aTaskSleepingOnATestClockCountsAsSettled() async {
    let clock = TestClock()
    let interactor = DelayedInteractor(clock: clock)
    let router = Router(interactor: interactor)
    router.interactable.activate()
    await router.settle()
    #expect(!interactor.refreshed)

    await clock.advance(by: .seconds(5))
    await router.settle()

    #expect(interactor.refreshed)
    router.interactable.deactivate()
  }

  @Test func aTaskAwaitingSomethingNapkinCannotSeeFailsTheTestAfterTheLimit() async throws {
    let router = Router(interactor: StuckInteractor())
    router.interactable.activate()

    let failures = await collectFailures {
      await router.settle(within: .milliseconds(100))
    }

    let failure = try #require(failures.first)
    #expect(failures.count == 1)
    #expect(failure.message.contains("did not settle within"))
    #expect(failure.message.contains("StuckInteractor (1 running)"))
    router.interactable.deactivate()
  }

  @Test func aTaskThatStartsAFollowerTaskStaysBusyWhileItsOwnWorkRuns() async throws {
    // The follower inherits the tied task's task-locals and parks on the CurrentValue; before
    // the fix its parking uncounted the tied task, and settle() returned at once, no failure.
    let interactor = ForkingInteractor(score: CurrentValue(0))
    let router = Router(interactor: interactor)
    router.interactable.activate()

    let failures = await collectFailures {
      await router.settle(within: .milliseconds(200))
    }

    #expect(failures.count == 1)
    #expect(failures.first?.message.contains("ForkingInteractor (1 running)") == true)
    interactor.finishWork()
    await router.settle()
    router.interactable.deactivate()
  }

  @Test func aLimitOfAnySizeIsAcceptedWithoutATrap() async {
    // The alarm slept until `now + limit`, which trapped ("Not enough bits") for this limit.
    let interactor = ScoreboardInteractor(score: CurrentValue(0))
    let router = Router(interactor: interactor)
    router.interactable.activate()
    await router.settle(within: .seconds(Int64.max))
    #expect(interactor.shown == [0])
    router.interactable.deactivate()
  }
}
