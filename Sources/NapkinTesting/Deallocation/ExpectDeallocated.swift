import Napkin

/// Fails the running test, under Swift Testing or XCTest, once for every object that is still
/// alive `gracePeriod` after the call: the object itself or, for a router, the router, interactor,
/// presenter, view and component of every napkin in its subtree.
///
/// Pass the last strong reference, with `consume` for a local, and detach a router first: the
/// helper owns the reference it is given and drops it before waiting.
///
/// ```swift
/// @Test @MainActor func profileGoesAwayWhenClosed() async {
///   let home = Router(interactor: Interactor())
///   home.attachChild(Router(interactor: Interactor()))
///   let profile = home.children[0]
///   home.detachChild(profile)
///   await expectDeallocated(consume profile, within: .seconds(1))
/// }
/// ```
///
/// A test that keeps a `let` to a napkin it detaches holds the napkin itself, and the detector
/// reports that reference as a leak. Hand the last reference over with `consume`, as above, or
/// keep only a `weak` one when the test must look at the napkin after detaching it:
///
/// ```swift
/// @Test @MainActor func theDetachedProfileIsGone() async {
///   let home = Router(interactor: Interactor())
///   home.attachChild(Router(interactor: Interactor()))
///   weak let profile = home.children.first
///   home.detachChild(home.children[0])
///   await home.leakDetector.waitForPendingChecks()
///   #expect(profile == nil)
/// }
/// ```
///
/// Each failure names the leaked type, its role, its napkin and how long it outlived the call,
/// e.g. `ProfileInteractor, the interactor of ProfileRouter, is still alive 1002 ms after ...`.
/// A router that was never detached is reported as still attached, naming its parent.
/// The call returns as soon as everything watched is gone, so it is quick when nothing leaks.
/// It uses its own `LeakDetector`, so it neither needs nor disturbs the tree's detector.
///
/// Threading: main actor.
///
/// - Parameters:
///   - object: the object or router subtree expected to go away; consumed.
///   - gracePeriod: how long it may live on; one second by default.
///   - fileID: the file to attribute the failures to; the caller's by default.
///   - filePath: the path of that file; the caller's by default.
///   - line: the line to attribute the failures to; the caller's by default.
///   - column: the column to attribute the failures to; the caller's by default.
@MainActor
public func expectDeallocated(
  _ object: consuming AnyObject,
  within gracePeriod: Duration = .seconds(1),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async {
  let collected = CollectedReports()
  let detector = LeakDetector(gracePeriod: gracePeriod) { collected.reports.append($0) }
  if let router = object as? any Routing {
    detector.expectDeallocation(ofSubtree: router)
  } else {
    detector.expectDeallocation(of: object)
  }
  _ = consume object
  await detector.waitForPendingChecks()
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  for report in collected.reports {
    reportFailure(report.description, at: site)
  }
}

/// The reports of one call, appended on the main actor by the detector's handler.
@MainActor
private final class CollectedReports {
  var reports: [LeakReport] = []
}
