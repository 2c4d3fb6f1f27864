import Napkin

extension Routing {
  /// Waits until the interactor tasks of this router's subtree have nothing left to do, so that a
  /// test checks what the tree did instead of polling for it.
  ///
  /// A value set on a ``Napkin/CurrentValue`` reaches an interactor's `task { }` one main-actor
  /// turn later, and a task started in `didBecomeActive()` has not run its first line when
  /// `attachChild(_:)` returns. `settle()` returns once every tied task of the subtree has ended
  /// or is parked where Napkin can see it: waiting for a `CurrentValue` to change, or sleeping on
  /// a `TestClock`:
  ///
  /// ```swift
  /// @Test @MainActor func theScoreReachesTheInteractorsTask() async {
  ///   let score = CurrentValue(0)
  ///   let interactor = Interactor()
  ///   let router = Router(interactor: interactor)
  ///   interactor.activate()
  ///   var shown: [Int] = []
  ///   interactor.task {
  ///     for await points in score.values() { shown.append(points) }
  ///   }
  ///   score.value = 1
  ///   await router.settle()
  ///   #expect(shown.last == 1)
  ///   interactor.deactivate()
  /// }
  /// ```
  ///
  /// A task that awaits anything else (a real network call, an `AsyncStream` of its own) keeps
  /// the tree busy: after `limit` without progress, the test fails at the caller's line, naming
  /// the interactors still busy, and `settle()` returns. Give such a task a fake that answers at
  /// once. Time in which the tree's tasks change state does not count against `limit`.
  ///
  /// Threading: main actor.
  ///
  /// - Parameters:
  ///   - limit: how long to wait before failing the test.
  ///   - fileID: the file to attribute a failure to; the caller's by default.
  ///   - filePath: the path of that file; the caller's by default.
  ///   - line: the line to attribute a failure to; the caller's by default.
  ///   - column: the column to attribute a failure to; the caller's by default.
  public func settle(
    within limit: Duration = .seconds(2),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let clock = ContinuousClock()
    // The limit counts time without progress: a test run that keeps the main actor busy for a
    // while (other tests in parallel) delays the tree's tasks and this wait alike, so only a
    // tree that changes nothing for `limit`, with the main actor given to it, fails.
    // Any limit is accepted: one too long to sleep until (`.seconds(Int64.max)`) trapped in the
    // alarm's sleep; past about 136 years it is the same as no limit.
    var deadline = sleepableDeadline(after: clock.now, by: limit)
    var alarm = Self.alarm(at: deadline, on: clock)
    defer { alarm.cancel() }
    var lastProgress = survey().progress
    while true {
      let seen = TaskActivity.changes.generation
      let now = survey()
      if now.progress != lastProgress {
        lastProgress = now.progress
        deadline = sleepableDeadline(after: clock.now, by: limit)
        alarm.cancel()
        alarm = Self.alarm(at: deadline, on: clock)
      }
      if now.busy.isEmpty {
        // Let what the tasks queued on the main actor run (a presenter's update), and check
        // again that it started nothing.
        await Task.yield()
        if TaskActivity.changes.generation == seen { return }
        continue
      }
      if clock.now >= deadline {
        // Give the tree's queued work one more turn of the main actor before failing.
        await Task.yield()
        let last = survey()
        if last.progress != lastProgress { continue }
        let busy = last.busy.map { "\($0.name) (\($0.count) running)" }
        reportFailure(
          "the tree did not settle within \(limit): busy tasks in "
            + busy.joined(separator: ", ") + ". A task settles when it ends, waits for a "
            + "CurrentValue, a child napkin or a TestClock; one awaiting anything else keeps "
            + "the tree busy. Give it a fake that answers at once.",
          at: site)
        return
      }
      await TaskActivity.changes.wait(after: seen)
    }
  }

  /// Wakes `settle()`'s wait at `deadline`, so that a tree that never settles fails the test.
  private static func alarm(at deadline: ContinuousClock.Instant, on clock: ContinuousClock)
    -> Task<Void, Never>
  {
    Task {
      try? await clock.sleep(until: deadline)
      TaskActivity.changes.bump()
    }
  }

  /// One walk of the subtree: how many times its tied tasks changed state, summed (it moves when
  /// the tree makes progress, and only then), and the interactors with tasks running or ready
  /// to run.
  private func survey() -> (progress: UInt64, busy: [(name: String, count: Int)]) {
    var progress: UInt64 = 0
    var busy: [(name: String, count: Int)] = []
    func visit(_ router: any Routing) {
      if let interactor = router.interactable as? Interactor {
        let activity = interactor.activity.snapshot
        progress &+= activity.changes
        if activity.busy > 0 {
          busy.append((String(describing: type(of: interactor)), activity.busy))
        }
      }
      router.children.forEach(visit)
    }
    visit(self)
    return (progress, busy)
  }
}
