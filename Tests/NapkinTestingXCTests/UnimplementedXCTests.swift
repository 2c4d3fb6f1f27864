// This file imports XCTest and NapkinTesting only: every check must compile and fail the test here
// without `import Testing`.
import NapkinTesting
import XCTest

final class UnimplementedXCTests: FailureCapturingTestCase {
  private static func message(_ name: String) -> String { "Unimplemented: \(name) was called." }

  func testAnUnexpectedCallFailsTheXCTestAtTheCallersLine() {
    let line = #line + 1
    let failures = capturingFailures { unimplemented("Analytics.track") }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.description.contains(Self.message("Analytics.track")) == true)
    XCTAssertEqual(failures.first?.filePath, "\(#filePath)")
    XCTAssertEqual(failures.first?.line, line)
  }

  func testEveryFormOfUnimplementedFailsTheXCTestNamingTheMethod() async {
    struct Refused: Error {}
    let price: @Sendable (String) -> Double = unimplemented("Catalog.price", placeholder: 1)
    let load: @Sendable () async throws -> [Int] = unimplemented("Feed.load")
    let decode: @Sendable (String) throws -> Int = unimplemented("Decoder.decode")
    let failures = await capturingFailures {
      _ = unimplemented("Inventory.count", placeholder: 0)
      unimplemented("Analytics.track")
      _ = try? unimplemented("OrderService.orders", throwing: Refused()) as [Int]
      try? unimplemented("OrderService.cancel", throwing: Refused())
      _ = price("tea")
      _ = try? await load()
      _ = try? decode("1")
    }
    let names = [
      "Inventory.count", "Analytics.track", "OrderService.orders", "OrderService.cancel",
      "Catalog.price", "Feed.load", "Decoder.decode",
    ]
    XCTAssertEqual(failures.count, names.count)
    for (failure, name) in zip(failures, names) {
      XCTAssertTrue(failure.description.contains(Self.message(name)), "\(failure) names \(name)")
    }
  }

  func testACallFromADetachedTaskFailsTheXCTestToo() async {
    let track: @Sendable () -> Void = unimplemented("Analytics.track", placeholder: ())
    let failures = await capturingFailures {
      await Task.detached { track() }.value
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.description.contains(Self.message("Analytics.track")) == true)
  }

  func testAFakeThatIsNotCalledStaysSilent() {
    let failures = capturingFailures {
      let cancel: @Sendable (Int) async throws -> Void = unimplemented("OrderService.cancel")
      _ = cancel
    }
    XCTAssertEqual(failures, [])
  }

  func testCollectFailuresKeepsTheFailuresFromXCTest() {
    var collected: [ReportedFailure] = []
    let failures = capturingFailures {
      collected = collectFailures { unimplemented("Analytics.track") }
    }
    XCTAssertEqual(failures, [])
    XCTAssertEqual(collected.map(\.message), [Self.message("Analytics.track")])
  }
}
