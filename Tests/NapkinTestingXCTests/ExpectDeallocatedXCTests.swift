// This file imports XCTest and NapkinTesting only: `expectDeallocated` must compile here without
// `import Testing` (its location defaults are plain `#fileID`/`#filePath`/`#line`/`#column`).
import NapkinTesting
import XCTest

final class ExpectDeallocatedXCTests: FailureCapturingTestCase {
  @MainActor
  func testAnObjectKeptAliveFailsTheXCTestAtTheCallersLine() async {
    let kept = Tracked()
    let line = #line + 2
    let failures = await capturingFailures {
      await expectDeallocated(kept, within: .milliseconds(20))
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.description.contains("leak: Tracked is still alive") == true)
    XCTAssertEqual(failures.first?.filePath, "\(#filePath)")
    XCTAssertEqual(failures.first?.line, line)
    withExtendedLifetime(kept) {}
  }

  @MainActor
  func testAnObjectNothingElseHoldsStaysSilent() async {
    let failures = await capturingFailures {
      await expectDeallocated(Tracked())
    }
    XCTAssertEqual(failures, [])
  }
}
