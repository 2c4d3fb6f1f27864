// The XCTest case shape the Xcode article recommends, run by Linux's XCTest: a `nonisolated`
// class whose test methods that need the main actor are `@MainActor` and `async`. A synchronous
// `@MainActor` test method crashes here ("Could not cast value of type ..."), so none is written.
import NapkinTesting
import XCTest

nonisolated final class MainActorTestMethodXCTests: FailureCapturingTestCase {
  @MainActor
  func testAMainActorAsyncTestMethodRunsOnTheMainActorWithNapkinTestingsChecks() async {
    MainActor.preconditionIsolated("an @MainActor async XCTest method runs on the main actor")
    let kept = Tracked()
    let failures = await capturingFailures {
      await expectDeallocated(kept, within: .milliseconds(20))
    }
    XCTAssertEqual(failures.count, 1)
    withExtendedLifetime(kept) {}
  }

  @MainActor
  func testAMainActorAsyncTestMethodThatAwaitsNothingRunsToo() async {
    MainActor.preconditionIsolated("an @MainActor async XCTest method runs on the main actor")
    XCTAssertTrue(Thread.isMainThread)
  }

  func testANonisolatedSynchronousTestMethodStillRuns() {
    XCTAssertEqual(collectFailures { _ = unimplemented("Clock.now", placeholder: 0) }.count, 1)
  }
}
