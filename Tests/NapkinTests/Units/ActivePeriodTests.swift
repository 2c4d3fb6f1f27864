import Napkin
import Testing

/// What is tied to an interactor's active period, and what happens to work that arrives outside
/// it: RIBs' contract.
@MainActor
@Suite struct ActivePeriodTests {
  let log = EventLog()

  @Test func activatingAnActiveInteractorDoesNothing() {
    let interactor = RecordingInteractor("i", log: log)
    interactor.activate()

    interactor.activate()

    #expect(interactor.isActive)
    #expect(log.events == ["i active"])
  }

  @Test func deactivatingAnInactiveInteractorDoesNothing() {
    let interactor = RecordingInteractor("i", log: log)
    interactor.deactivate()
    interactor.activate()
    interactor.deactivate()

    interactor.deactivate()

    #expect(!interactor.isActive)
    #expect(log.events == ["i active", "i resign"])
  }

  @Test func activatingTheInteractorOfAnAttachedNapkinAgainDoesNothing() {
    let parent = RecordingRouter("parent", log: log)
    let child = RecordingRouter("child", log: log)
    parent.attachChild(child)

    child.interactable.activate()

    #expect(log.events == ["child active", "child load"])
  }

  @Test func aTaskStartedOnAnInactiveInteractorNeverRuns() async throws {
    let interactor = RecordingInteractor("i", log: log)
    let counter = CleanupCounter()

    var started: Task<Void, any Error>?
    let line = #line + 2
    withKnownIssue {
      started = interactor.task { counter.cleanup() }
    } matching: { issue in
      Self.isWarning(issue, saying: "RecordingInteractor has not been activated yet", line: line)
    }
    let task = try #require(started)
    let result = await task.result

    #expect(counter.runs == 0)
    #expect(task.isCancelled)
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(interactor.runningTaskCount == 0)
  }

  @Test func aLateEventReachingADetachedNapkinStartsNothing() async {
    let parent = RecordingRouter("parent", log: log)
    let child = RecordingRouter("child", log: log)
    parent.attachChild(child)
    parent.detachChild(child)
    let counter = CleanupCounter()

    var started: Task<Void, any Error>?
    let line = #line + 2
    withKnownIssue {
      started = child.interactor.task { counter.cleanup() }
    } matching: { issue in
      Self.isWarning(
        issue, saying: "RecordingInteractor was deactivated, so a late event probably reached",
        line: line)
    }
    _ = await started?.result

    #expect(counter.runs == 0)
  }

  @Test func aCleanupRunsOnceWhenTheInteractorDeactivates() {
    let interactor = RecordingInteractor("i", log: log)
    let counter = CleanupCounter()
    interactor.activate()
    interactor.disposeOnDeactivate(counter.cleanup)
    #expect(counter.runs == 0)
    #expect(interactor.pendingCleanupCount == 1)

    interactor.deactivate()
    interactor.activate()
    interactor.deactivate()

    #expect(counter.runs == 1)
    #expect(interactor.pendingCleanupCount == 0)
  }

  @Test func aCleanupTiedWhileInactiveRunsAtOnce() {
    let interactor = RecordingInteractor("i", log: log)
    let counter = CleanupCounter()

    let line = #line + 2
    withKnownIssue {
      interactor.disposeOnDeactivate(counter.cleanup)
    } matching: { issue in
      Self.isWarning(
        issue, saying: "disposeOnDeactivate(_:) called on RecordingInteractor", line: line)
    }

    #expect(counter.runs == 1)
    #expect(interactor.pendingCleanupCount == 0)
  }

  @Test func cleanupsRunMostRecentFirstAfterWillResignActive() {
    let interactor = RecordingInteractor("i", log: log)
    interactor.activate()
    interactor.disposeOnDeactivate { [log] in log.record("first cleanup") }
    interactor.disposeOnDeactivate { [log] in log.record("second cleanup") }

    interactor.deactivate()

    #expect(log.events == ["i active", "i resign", "second cleanup", "first cleanup"])
  }

  @Test func detachingANapkinRunsTheCleanupsOfItsWholeSubtree() {
    let parent = RecordingRouter("parent", log: log)
    let child = RecordingRouter("child", log: log)
    let grandchild = RecordingRouter("grandchild", log: log)
    parent.attachChild(child)
    child.attachChild(grandchild)
    let counter = CleanupCounter()
    child.interactor.disposeOnDeactivate(counter.cleanup)
    grandchild.interactor.disposeOnDeactivate(counter.cleanup)

    parent.detachChild(child)

    #expect(counter.runs == 2)
  }

  @Test func workStartedInAnInteractorsInitNamesTheCauseAndTheLineThatStartedIt() {
    var eager: EagerInteractor?
    withKnownIssue {
      eager = EagerInteractor()
    } matching: { issue in
      Self.isWarning(
        issue,
        saying: "task(_:) called on EagerInteractor, which is not active, so the task is "
          + "cancelled and its work never runs. EagerInteractor has not been activated yet: work "
          + "started in init(), or before its router is attached, never runs. Start it in "
          + "didBecomeActive().",
        line: EagerInteractor.taskLine, fileID: "NapkinTests/ActivePeriodTests.swift")
    }

    #expect(eager?.runningTaskCount == 0)
  }

  /// Whether `issue` is Napkin's inactive-interactor warning with `text`, recorded at `line`:
  /// the line that started the work, not a line inside Napkin.
  nonisolated private static func isWarning(
    _ issue: Issue, saying text: String, line: Int,
    fileID: String = "NapkinTests/ActivePeriodTests.swift"
  ) -> Bool {
    let comment = issue.comments.map(\.rawValue).joined()
    return comment.hasPrefix("Napkin: warning: ") && comment.contains(text)
      && issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == fileID
  }
}

/// An interactor that starts work in its initializer, as a port from RIBs might.
private final class EagerInteractor: Interactor {
  nonisolated static let taskLine = #line + 4

  override init() {
    super.init()
    task { try await Task.sleep(for: .seconds(1)) }
  }
}
