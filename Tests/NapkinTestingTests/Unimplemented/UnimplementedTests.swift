import NapkinTesting
import Testing

/// Each helper must fail the test once per call, naming the method, at the line that made the fake
/// (closure forms) or the call (value forms). `collectFailures` catches those failures, so the
/// tests read them without an expected failure in the run's output.
@Suite struct UnimplementedTests {
  private static func message(_ name: String) -> String { "Unimplemented: \(name) was called." }

  @Test func aPlaceholderValueFailsNamingTheMethodAtTheCallersLine() {
    var value = 0
    let line = #line + 1
    let failures = collectFailures { value = unimplemented("Inventory.count", placeholder: 7) }
    #expect(failures.map(\.message) == [Self.message("Inventory.count")])
    #expect(failures.map(\.line) == [line])
    #expect(failures.map(\.fileID) == [#fileID])
    #expect(failures.map(\.filePath) == [#filePath])
    #expect(value == 7)
  }

  @Test func aVoidCallFailsNamingTheMethodAtTheCallersLine() {
    let line = #line + 1
    let failures = collectFailures { unimplemented("Analytics.track") }
    #expect(failures.map(\.message) == [Self.message("Analytics.track")])
    #expect(failures.map(\.line) == [line])
  }

  @Test func aThrowingValueFailsAndThrowsTheGivenError() {
    struct Refused: Error, Equatable {}
    var thrown: (any Error)?
    let failures = collectFailures {
      do {
        let _: [Int] = try unimplemented("OrderService.orders", throwing: Refused())
      } catch {
        thrown = error
      }
    }
    #expect(failures.map(\.message) == [Self.message("OrderService.orders")])
    #expect(thrown as? Refused == Refused())
  }

  @Test func aThrowingVoidCallFailsAndThrows() {
    struct Refused: Error {}
    var thrown = false
    let failures = collectFailures {
      do { try unimplemented("OrderService.cancel", throwing: Refused()) } catch { thrown = true }
    }
    #expect(failures.map(\.message) == [Self.message("OrderService.cancel")])
    #expect(thrown)
  }

  @Test func aPlaceholderClosureFailsOnEveryCallAtTheLineThatMadeIt() {
    let line = #line + 1
    let price: @Sendable (String, Int) -> Double = unimplemented("Catalog.price", placeholder: 1.5)
    var prices: [Double] = []
    let failures = collectFailures {
      prices.append(price("tea", 1))
      prices.append(price("cake", 2))
    }
    #expect(prices == [1.5, 1.5])
    #expect(
      failures.map(\.message) == [Self.message("Catalog.price"), Self.message("Catalog.price")])
    #expect(failures.map(\.line) == [line, line])
  }

  @Test func aPlaceholderClosureServesAnAsyncEndpoint() async {
    let load: @Sendable () async -> [Int] = unimplemented("Feed.load", placeholder: [])
    var loaded: [Int]?
    let failures = await collectFailures { loaded = await load() }
    #expect(failures.map(\.message) == [Self.message("Feed.load")])
    #expect(loaded == [])
  }

  @Test func aThrowingClosureFailsAndThrowsUnimplementedError() async {
    let cancel: @Sendable (Int) async throws -> Void = unimplemented("OrderService.cancel")
    var thrown: (any Error)?
    let failures = await collectFailures {
      do { try await cancel(2) } catch { thrown = error }
    }
    #expect(failures.map(\.message) == [Self.message("OrderService.cancel")])
    #expect(thrown as? UnimplementedError == UnimplementedError(name: "OrderService.cancel"))
  }

  @Test func aSynchronousThrowingClosureFailsAndThrows() {
    let decode: @Sendable (String) throws -> Int = unimplemented("Decoder.decode")
    var thrown: (any Error)?
    let failures = collectFailures {
      do { _ = try decode("1") } catch { thrown = error }
    }
    #expect(failures.map(\.message) == [Self.message("Decoder.decode")])
    #expect(thrown as? UnimplementedError == UnimplementedError(name: "Decoder.decode"))
  }

  @Test func aCallFromAChildTaskIsCollectedToo() async {
    let track: @Sendable (String) -> Void = unimplemented("Analytics.track", placeholder: ())
    let failures = await collectFailures {
      await withTaskGroup(of: Void.self) { group in
        group.addTask { track("opened") }
        group.addTask { track("closed") }
      }
    }
    #expect(
      failures.map(\.message) == [Self.message("Analytics.track"), Self.message("Analytics.track")])
  }

  @Test func aFakeThatIsNotCalledReportsNothing() {
    let failures = collectFailures {
      let cancel: @Sendable (Int) async throws -> Void = unimplemented("OrderService.cancel")
      _ = cancel
    }
    #expect(failures.isEmpty)
  }

  @Test(
    "Outside collectFailures, an unexpected call is a Swift Testing issue at the caller's line"
  )
  func anUnexpectedCallIsASwiftTestingIssue() {
    let line = #line + 2
    withKnownIssue("Expected: this test proves that the call below fails a Swift Testing test") {
      unimplemented("Analytics.track")
    } matching: { issue in
      issue.comments.contains { $0.rawValue == Self.message("Analytics.track") }
        && issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == #fileID
    }
  }

  @Test func theErrorDescribesTheCall() {
    #expect(
      UnimplementedError(name: "OrderService.cancel").description
        == "Unimplemented: OrderService.cancel was called.")
  }
}
