import Napkin
import NapkinTesting

/// An interactor that shows a score as it changes, as a scoreboard napkin of a ported RIBs app
/// does: a `task { }` reading a `CurrentValue` from its activation on.
final class ScoreboardInteractor: Interactor {
  let score: CurrentValue<Int>
  private(set) var shown: [Int] = []
  private(set) var started = false

  init(score: CurrentValue<Int>) {
    self.score = score
  }

  override func didBecomeActive() {
    super.didBecomeActive()
    task { [weak self, score] in
      self?.started = true
      for await points in score.values() {
        self?.shown.append(points)
      }
    }
  }
}

/// An interactor whose task waits on something Napkin cannot see.
final class StuckInteractor: Interactor {
  override func didBecomeActive() {
    super.didBecomeActive()
    task {
      let (never, keep) = AsyncStream.makeStream(of: Int.self)
      for await _ in never {}
      keep.finish()
    }
  }
}

/// An interactor that refreshes after a delay on a test clock.
final class DelayedInteractor: Interactor {
  let clock: TestClock
  private(set) var refreshed = false

  init(clock: TestClock) {
    self.clock = clock
  }

  override func didBecomeActive() {
    super.didBecomeActive()
    task { [weak self, clock] in
      try await clock.sleep(for: .seconds(5))
      self?.refreshed = true
    }
  }
}

/// An interactor whose task starts a task of its own that follows a `CurrentValue` (it inherits
/// the tied task's task-locals), then does work Napkin cannot see until `finish` is called.
final class ForkingInteractor: Interactor {
  let score: CurrentValue<Int>
  private let (finished, finish) = AsyncStream.makeStream(of: Void.self)
  private(set) var seen: [Int] = []

  init(score: CurrentValue<Int>) {
    self.score = score
  }

  /// Ends the work the tied task awaits.
  func finishWork() { finish.finish() }

  override func didBecomeActive() {
    super.didBecomeActive()
    task { [weak self, score, finished] in
      let follower = Task { @MainActor [weak self] in
        for await points in score.values() { self?.seen.append(points) }
      }
      for await _ in finished {}
      follower.cancel()
    }
  }
}
