import NapkinTesting
import Synchronization
import Testing

/// Each helper must record an issue naming the method: `withKnownIssue` fails the test when its
/// body records none, and the matcher accepts only the expected message.
@Suite struct UnimplementedTests {
  private static func naming(_ name: String) -> @Sendable (Issue) -> Bool {
    { issue in issue.comments.contains { $0.rawValue == "Unimplemented: \(name) was called." } }
  }

  @Test func aPlaceholderValueRecordsAnIssueNamingTheMethod() {
    var value = 0
    withKnownIssue {
      value = unimplemented("Inventory.count", placeholder: 7)
    } matching: { issue in
      Self.naming("Inventory.count")(issue)
    }
    #expect(value == 7)
  }

  @Test func aVoidCallRecordsAnIssueNamingTheMethod() {
    withKnownIssue {
      unimplemented("Analytics.track")
    } matching: { issue in
      Self.naming("Analytics.track")(issue)
    }
  }

  @Test func aThrowingValueRecordsAnIssueAndThrowsTheGivenError() {
    struct Refused: Error, Equatable {}
    var thrown: (any Error)?
    withKnownIssue {
      do {
        let _: [Int] = try unimplemented("OrderService.orders", throwing: Refused())
      } catch {
        thrown = error
      }
    } matching: { issue in
      Self.naming("OrderService.orders")(issue)
    }
    #expect(thrown as? Refused == Refused())
  }

  @Test func aThrowingVoidCallRecordsAnIssueAndThrows() {
    struct Refused: Error {}
    var thrown = false
    withKnownIssue {
      do { try unimplemented("OrderService.cancel", throwing: Refused()) } catch { thrown = true }
    } matching: { issue in
      Self.naming("OrderService.cancel")(issue)
    }
    #expect(thrown)
  }

  @Test func aPlaceholderClosureRecordsAnIssueOnEveryCall() {
    let recorded = Atomic(0)
    let price: @Sendable (String, Int) -> Double = unimplemented("Catalog.price", placeholder: 1.5)
    var prices: [Double] = []
    withKnownIssue {
      prices.append(price("tea", 1))
      prices.append(price("cake", 2))
    } matching: { issue in
      guard Self.naming("Catalog.price")(issue) else { return false }
      recorded.add(1, ordering: .relaxed)
      return true
    }
    #expect(prices == [1.5, 1.5])
    #expect(recorded.load(ordering: .relaxed) == 2)
  }

  @Test func aPlaceholderClosureServesAnAsyncEndpoint() async {
    let load: @Sendable () async -> [Int] = unimplemented("Feed.load", placeholder: [])
    await withKnownIssue {
      #expect(await load().isEmpty)
    } matching: { issue in
      Self.naming("Feed.load")(issue)
    }
  }

  @Test func aThrowingClosureRecordsAnIssueAndThrowsUnimplementedError() async {
    let cancel: @Sendable (Int) async throws -> Void = unimplemented("OrderService.cancel")
    var thrown: (any Error)?
    await withKnownIssue {
      do { try await cancel(2) } catch { thrown = error }
    } matching: { issue in
      Self.naming("OrderService.cancel")(issue)
    }
    #expect(thrown as? UnimplementedError == UnimplementedError(name: "OrderService.cancel"))
  }

  @Test func aSynchronousThrowingClosureRecordsAnIssueAndThrows() {
    let decode: @Sendable (String) throws -> Int = unimplemented("Decoder.decode")
    var thrown: (any Error)?
    withKnownIssue {
      do { _ = try decode("1") } catch { thrown = error }
    } matching: { issue in
      Self.naming("Decoder.decode")(issue)
    }
    #expect(thrown as? UnimplementedError == UnimplementedError(name: "Decoder.decode"))
  }

  @Test func aFakeThatIsNotCalledRecordsNothing() {
    // Building a fake from unimplemented closures is free: only a call records an issue. Were it
    // otherwise, this test would fail with an unexpected issue.
    let cancel: @Sendable (Int) async throws -> Void = unimplemented("OrderService.cancel")
    _ = cancel
  }

  @Test func theErrorDescribesTheCall() {
    #expect(
      UnimplementedError(name: "OrderService.cancel").description
        == "Unimplemented: OrderService.cancel was called.")
  }
}
