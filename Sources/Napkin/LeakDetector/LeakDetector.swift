import Foundation

/// Reports napkin objects that are still alive a grace period after their napkin left the tree.
///
/// Every ``Router`` hands the subtree it detaches to its ``Router/leakDetector``; the detector
/// holds the router, interactor, presenter, view and component of every napkin in it weakly and,
/// if one of them is still alive when the grace period ends, passes a ``LeakReport`` naming its
/// type and how long it outlived the detach to the handler. A detached subtree that is attached
/// again before then is not reported; a subtree that was never detached is reported as still
/// attached, naming its parent, since its parent is what keeps it alive.
///
/// ```swift
/// var reports: [LeakReport] = []
/// let detector = LeakDetector(gracePeriod: .milliseconds(200)) { reports.append($0) }
/// router.leakDetector = detector  // the root of the tree under test
/// // ... detach napkins ...
/// await detector.waitForPendingChecks()
/// #expect(reports.isEmpty)
/// ```
///
/// A check ends as soon as everything it watches is gone, so waiting for checks is quick when
/// nothing leaks.
///
/// Threading: main actor; checks run as main-actor tasks, so a main actor that never suspends
/// (a synchronous read loop) never runs them.
@MainActor
public final class LeakDetector {
  /// The detector every router uses unless told otherwise: a one-second grace period and
  /// ``reportByAssertion(_:)``, which fails the running test under a test runner and stops a
  /// debug app.
  ///
  /// ```swift
  /// #expect(router.leakDetector === LeakDetector.shared)
  /// ```
  ///
  /// Threading: main actor.
  public static let shared = LeakDetector()

  /// The detector that routers created in the current task adopt: the one passed to the
  /// innermost ``withDetector(_:isolation:operation:)`` around the caller, or ``shared``.
  ///
  /// ```swift
  /// #expect(LeakDetector.current === LeakDetector.shared)
  /// ```
  ///
  /// Threading: main actor; the override is a task-local value, so parallel tests each see their
  /// own.
  public static var current: LeakDetector { override ?? shared }

  /// Whether detectors watch anything. `false` when the environment variable
  /// `NAPKIN_DISABLE_LEAK_DETECTION` is set to anything but `0` at launch (RIBs'
  /// `DISABLE_LEAK_DETECTION`), `true` otherwise; a test suite may also set it.
  ///
  /// While it is `false`, ``expectDeallocation(ofSubtree:fileID:line:)`` and ``expectDeallocation(of:fileID:line:)`` do
  /// nothing; checks already running go on.
  ///
  /// ```swift
  /// LeakDetector.isEnabled = false  // a suite that measures memory itself
  /// ```
  ///
  /// Threading: main actor.
  public static var isEnabled: Bool = {
    guard let value = ProcessInfo.processInfo.environment["NAPKIN_DISABLE_LEAK_DETECTION"] else {
      return true
    }
    return value == "0"
  }()

  /// Runs `operation` with `detector` as ``current``: every router created inside it, and so every
  /// napkin it builds, reports to `detector` instead of ``shared``. One test's detector, without
  /// touching the shared one:
  ///
  /// ```swift
  /// let collector = LeakDetector(gracePeriod: .milliseconds(200)) { reports.append($0) }
  /// await LeakDetector.withDetector(collector) {
  ///   let root = Router(interactor: Interactor())  // reports to `collector`
  ///   root.load()
  /// }
  /// ```
  ///
  /// The result is discardable, so a body that returns a value it needs only for its own checks
  /// (`#require`, say) reads as plainly as one that returns nothing.
  ///
  /// Threading: runs `operation` in the caller's isolation.
  @discardableResult
  public static func withDetector<Result>(
    _ detector: LeakDetector,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    try await $override.withValue(detector, operation: operation, isolation: isolation)
  }

  @TaskLocal private static var override: LeakDetector?

  /// How long a detached object may live on before it is reported.
  ///
  /// ```swift
  /// let strict = LeakDetector(gracePeriod: .milliseconds(100))
  /// ```
  ///
  /// Threading: immutable.
  public let gracePeriod: Duration

  private let handler: @MainActor (LeakReport) -> Void
  private var nextCheckID: UInt64 = 0
  private var checks: [UInt64: (task: Task<Void, Never>, check: LeakCheck)] = [:]

  /// Creates a detector with its own grace period and handler.
  ///
  /// ```swift
  /// let detector = LeakDetector(gracePeriod: .seconds(2)) { report in log.warning("\(report)") }
  /// ```
  ///
  /// Threading: main actor; `handler` runs on the main actor.
  ///
  /// - Parameters:
  ///   - gracePeriod: how long a detached object may outlive its detach; one second by default.
  ///   - handler: receives each leak; ``reportByAssertion(_:)`` by default.
  public init(
    gracePeriod: Duration = .seconds(1),
    handler: @escaping @MainActor (LeakReport) -> Void = LeakDetector.reportByAssertion
  ) {
    self.gracePeriod = gracePeriod
    self.handler = handler
  }

  /// The default handler. Under a test runner (a process that links NapkinTesting, run by Swift
  /// Testing or XCTest) it records the report as an issue of the running test, at the call that
  /// started the check (``LeakReport/fileID`` and ``LeakReport/line``), so that one leak fails
  /// one test instead of stopping the whole test process and losing every other result. In an
  /// app's debug build it fails an assertion with the report, which prints it and stops the
  /// program; in a release build it writes the report to standard error and goes on.
  ///
  /// ```swift
  /// let detector = LeakDetector(gracePeriod: .seconds(3), handler: LeakDetector.reportByAssertion)
  /// ```
  ///
  /// How Napkin knows it runs under a test runner without linking one: see the internal
  /// `TestIssueRecorder`.
  ///
  /// Threading: main actor.
  public static func reportByAssertion(_ report: LeakReport) {
    if TestIssueRecorder.record(
      report.description, fileID: report.site.fileID, line: report.site.line)
    {
      return
    }
    #if DEBUG
      assertionFailure(report.description)
    #else
      FileHandle.standardError.write(Data("\(report)\n".utf8))
    #endif
  }

  /// Expects every napkin in the subtree of `router` to be deallocated within the grace period.
  ///
  /// ``Router/detachChild(_:fileID:line:)`` calls it; call it yourself for a subtree you drop
  /// another way. A subtree that is still attached when the grace period ends is reported as
  /// still attached, with the router it is attached to.
  ///
  /// ```swift
  /// detector.expectDeallocation(ofSubtree: child)
  /// ```
  ///
  /// Threading: main actor.
  ///
  /// - Parameters:
  ///   - router: the root of the subtree expected to go away.
  ///   - fileID: where a report says the check started; the caller's file by default.
  ///   - line: where a report says the check started; the caller's line by default.
  public func expectDeallocation(
    ofSubtree router: any Routing, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    guard Self.isEnabled else { return }
    watch(TrackedObject.subtree(of: router), root: router, site: (fileID, line))
  }

  /// ``expectDeallocation(ofSubtree:fileID:line:)`` with the subtree's objects already listed.
  func expectDeallocation(
    of objects: [TrackedObject], subtree router: any Routing, fileID: StaticString, line: UInt
  ) {
    watch(objects, root: router, site: (fileID, line))
  }

  /// Expects the objects of a napkin whose router is being released without a detach to be
  /// deallocated.
  func expectDeallocation(
    of objects: [TrackedObject], fileID: StaticString = #fileID, line: UInt = #line
  ) {
    watch(objects, root: nil, site: (fileID, line))
  }

  /// Expects `object` to be deallocated within the grace period.
  ///
  /// ```swift
  /// var service: UserService? = UserService()
  /// detector.expectDeallocation(of: service!)
  /// service = nil
  /// ```
  ///
  /// Threading: main actor.
  ///
  /// - Parameters:
  ///   - object: the object expected to go away.
  ///   - fileID: where a report says the check started; the caller's file by default.
  ///   - line: where a report says the check started; the caller's line by default.
  public func expectDeallocation(
    of object: AnyObject, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    watch([TrackedObject(object, role: .object, napkin: object)], root: nil, site: (fileID, line))
  }

  /// The number of checks still waiting for their objects to go away or their grace period to
  /// end.
  ///
  /// ```swift
  /// #expect(detector.pendingCheckCount == 0)
  /// ```
  ///
  /// Threading: main actor.
  public var pendingCheckCount: Int { checks.count }

  /// Returns when every check started so far, and every check started meanwhile, has ended.
  ///
  /// ```swift
  /// await detector.waitForPendingChecks()
  /// ```
  ///
  /// Threading: main actor.
  public func waitForPendingChecks() async {
    while !checks.isEmpty {
      for pending in Array(checks.values) {
        await pending.task.value
      }
    }
  }

  private func watch(
    _ objects: [TrackedObject], root: (any Routing)?, site: (fileID: StaticString, line: UInt)
  ) {
    guard Self.isEnabled else { return }
    var seen = Set<ObjectIdentifier>()
    let unique = objects.filter { tracked in
      guard let object = tracked.object else { return false }
      return seen.insert(ObjectIdentifier(object)).inserted
    }
    guard !unique.isEmpty else { return }
    let id = nextCheckID
    nextCheckID += 1
    let handler = handler
    let check = LeakCheck(unique, root: root, gracePeriod: gracePeriod, site: site)
    let task = Task { [weak self] in
      while true {
        let now = ContinuousClock.now
        if let reports = check.poll(now: now) {
          for report in reports { handler(report) }
          break
        }
        try? await Task.sleep(
          until: min(check.deadline, now + check.pollInterval), clock: .continuous)
      }
      self?.checks.removeValue(forKey: id)
    }
    checks[id] = (task, check)
    if self === Self.shared {
      TestIssueRecorder.leakChecksBegan()
    }
  }

  /// Runs every check still pending to its end now, blocking the main thread, and returns what
  /// they found instead of handing it to the handler: for a test process that exits while
  /// checks are pending, where no main-actor task runs again. A check that needs more than
  /// `limit` from now is given up, unreported.
  package func finishPendingChecksNow(limit: Duration = .seconds(10)) -> [LeakReport] {
    let giveUp = sleepableDeadline(after: .now, by: limit)
    var reports: [LeakReport] = []
    for id in checks.keys.sorted() {
      guard let check = checks[id]?.check else { continue }
      while true {
        let now = ContinuousClock.now
        if let found = check.poll(now: now) {
          reports += found
          break
        }
        if now >= giveUp { break }
        let pause = min(check.deadline - now, check.pollInterval, giveUp - now)
        Thread.sleep(forTimeInterval: pause / .seconds(1))
      }
    }
    return reports
  }
}
