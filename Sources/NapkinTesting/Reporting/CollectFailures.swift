import NapkinOnce

/// Runs `body` and returns the failures that NapkinTesting's checks reported in it, instead of
/// failing the test with them: the way to prove, under XCTest or Swift Testing alike, that a fake
/// or a leak check of your own catches what it should, without an expected failure in the output.
///
/// ```swift
/// let failures = collectFailures {
///   _ = unimplemented("Catalog.price", placeholder: 0.0)
/// }
/// #expect(failures.map(\.message) == ["Unimplemented: Catalog.price was called."])
/// ```
///
/// Only the checks of this module are collected (`unimplemented`, ``expectDeallocated(_:within:fileID:filePath:line:column:)``);
/// `#expect` and `XCTAssert` failures fail the test as usual. A failure reported after `body`
/// returns, or from work `body` does not await, is reported to the test normally.
///
/// Threading: the collection is a task-local of the calling task: checks run by that task, and by
/// the child tasks it creates within `body`, are collected; a `Task.detached` or a thread of its
/// own reports to the test.
public func collectFailures(in body: () throws -> Void) rethrows -> [ReportedFailure] {
  let collector = FailureCollector()
  try FailureCollector.$current.withValue(collector) { try body() }
  return collector.failures
}

/// The asynchronous form of ``collectFailures(in:)``, for checks that suspend, such
/// as ``expectDeallocated(_:within:fileID:filePath:line:column:)``.
///
/// ```swift
/// let failures = await collectFailures {
///   await expectDeallocated(keptAlive, within: .milliseconds(20))
/// }
/// #expect(failures.count == 1)
/// ```
///
/// Threading: runs `body` on the caller's actor; see the synchronous form for which checks are
/// collected.
public func collectFailures(
  isolation: isolated (any Actor)? = #isolation,
  in body: () async throws -> Void
) async rethrows -> [ReportedFailure] {
  let collector = FailureCollector()
  try await FailureCollector.$current.withValue(collector) { try await body() }
  return collector.failures
}

/// The failures of one ``collectFailures(in:)`` call.
///
/// Child tasks of the collecting task append from their own threads, hence the lock.
final class FailureCollector: Sendable {
  /// The collector of the innermost `collectFailures` call on this task, if any.
  @TaskLocal static var current: FailureCollector?

  private let collected = Locked<[ReportedFailure]>([])

  func append(_ failure: ReportedFailure) {
    collected.withLock { $0.append(failure) }
  }

  var failures: [ReportedFailure] {
    collected.withLock { $0 }
  }
}
