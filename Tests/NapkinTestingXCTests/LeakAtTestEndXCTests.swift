// A leak found by the shared leak detector fails the XCTest test that leaked it, in its teardown,
// not the next test. `Router` comes from Napkin, which NapkinTesting depends on.
import Napkin
import NapkinTesting
import XCTest

nonisolated final class LeakAtTestEndXCTests: FailureCapturingTestCase {
  /// What the test keeps after detaching it: the leak.
  @MainActor private static var kept: [AnyObject] = []

  override class func setUp() {
    super.setUp()
    // The observer that gives each test its teardown is installed when the shared detector
    // begins its first check; begin one here, so that it is in place before these tests start.
    MainActor.assumeIsolated {
      LeakDetector.shared.expectDeallocation(of: Tracked())
    }
  }

  @MainActor
  func testALeakFailsTheTestThatLeakedItAtItsDetach() async {
    beginCapturing()
    let root = Router(interactor: Interactor())
    root.interactable.activate()
    let child = Router(interactor: Interactor())
    root.attachChild(child)
    root.detachChild(child)
    Self.kept.append(child)
  }

  override func tearDown() {
    // The teardown block that awaited the check has run: its failure is this test's.
    let failures = endCapturing()
    XCTAssertEqual(failures.count, 2, "\(failures)")
    XCTAssertTrue(
      failures.first?.description.contains("leak: the router Router<Interactor> is still") == true)
    XCTAssertTrue(failures.allSatisfy { $0.filePath.hasSuffix("LeakAtTestEndXCTests.swift") })
    super.tearDown()
  }
}
