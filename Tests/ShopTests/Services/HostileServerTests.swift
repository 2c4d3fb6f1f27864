import BoundedHTTP
import Foundation
import Testing

@testable import Shop

// Child processes: only where Foundation.Process exists.
#if os(macOS) || os(Linux) || os(Windows)

  /// The live service against servers that misbehave: redirects, replies without end, replies that
  /// are not HTTP (`Support/order_server.py`). Every test here hung, passed a cancel that never
  /// happened, or said "could not be reached" before the exchange was bounded.
  @Suite(.timeLimit(.minutes(1)))
  struct HostileServerTests {
    @Test(arguments: [301, 302, 303])
    func aCancelRedirectedToAPageThatAnswers200IsNotReportedAsDone(status: Int) async throws {
      // URLSession would resend the POST as a GET to /login, get 200, and the cancel would pass.
      try await OrderServer.with { server throws in
        let service = LiveOrderService(baseURL: server.url("cancel-redirect-login/\(status)"))
        let login = server.url().appending(path: "login").absoluteString
        await #expect(throws: ServerError(.mutationRedirected(status: status, location: login))) {
          try await service.cancel(orderID: 2)
        }
        #expect(try await LiveOrderService(baseURL: server.url()).orders() == Order.samples)
      }
    }

    @Test(arguments: [307, 308])
    func aCancelIsNeverResentToTheAddressOfARedirect(status: Int) async throws {
      // A 307 or 308 would resend the POST itself, to an address the user never gave.
      try await OrderServer.with { server throws in
        let service = LiveOrderService(baseURL: server.url("cancel-redirect/\(status)"))
        let target = server.url().appending(path: "orders/2/cancel").absoluteString
        await #expect(throws: ServerError(.mutationRedirected(status: status, location: target))) {
          try await service.cancel(orderID: 2)
        }
        #expect(try await LiveOrderService(baseURL: server.url()).orders() == Order.samples)
      }
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func aReadFollowsARedirectOnTheSameServer(status: Int) async throws {
      try await OrderServer.with { server throws in
        let service = LiveOrderService(baseURL: server.url("redirect/\(status)"))
        #expect(try await service.orders() == Order.samples)
      }
    }

    @Test func aReadIsNotRedirectedToAnotherServer() async throws {
      try await OrderServer.with { server throws in
        let service = LiveOrderService(baseURL: server.url("redirect-away"))
        let elsewhere = "http://localhost:\(server.port)/orders"
        await #expect(throws: ServerError(.redirectedElsewhere(location: elsewhere))) {
          try await service.orders()
        }
      }
    }

    @Test func aRedirectLoopIsSaidToBeOne() async throws {
      try await OrderServer.with { server throws in
        let service = LiveOrderService(baseURL: server.url("redirect-loop"))
        await #expect(throws: ServerError(.tooManyRedirects)) { try await service.orders() }
      }
    }

    @Test(arguments: ["gzip-bomb", "huge"])
    func anAnswerLargerThanTheLimitAfterDecompressionIsRefused(mode: String) async throws {
      // 64 MiB of spaces: without the limit the body is read whole and fails as malformed JSON.
      try await OrderServer.with { server throws in
        let service = LiveOrderService(baseURL: server.url(mode), timeout: .seconds(30))
        await #expect(throws: ServerError(.tooLarge(limit: LiveOrderService.maximumResponseSize))) {
          try await service.orders()
        }
      }
    }

    @Test func theLimitCountsTheBodyItself() async throws {
      try await OrderServer.with { server throws in
        let small = LiveOrderService(baseURL: server.url(), maximumResponseSize: 20)
        await #expect(throws: ServerError(.tooLarge(limit: 20))) { try await small.orders() }
        let enough = LiveOrderService(baseURL: server.url(), maximumResponseSize: 60)
        #expect(try await enough.orders() == Order.samples)
      }
    }

    @Test(arguments: ["drip", "drip-headers", "endless-chunked"])
    func theTimeoutIsADeadlineForTheWholeRequest(mode: String) async throws {
      // Each of these servers sends something every 0.1 s for ever, so a timeout on idle time
      // never fires and the request runs into the suite's time limit.
      try await OrderServer.with { server throws in
        let service = LiveOrderService(baseURL: server.url(mode), timeout: .seconds(1))
        await #expect(throws: ServerError(.timedOut)) { try await service.orders() }
      }
    }

    @Test(arguments: [
      ("empty", ServerError.Reason.emptyReply),
      ("garbage", .notHTTP),
      ("close-mid-body", .closedMidBody),
    ])
    func aBrokenReplyIsNotMistakenForAnUnreachableServer(
      mode: String, reason: ServerError.Reason
    ) async throws {
      try await OrderServer.with { server throws in
        let service = LiveOrderService(baseURL: server.url(mode), timeout: .seconds(20))
        await #expect(throws: ServerError(reason)) { try await service.orders() }
      }
    }

    @Test(arguments: [
      ("huge-header", ServerError.Reason.headersTooLarge),
      ("negative-length", .invalidContentLength("-5")),
      ("two-lengths", .conflictingContentLengths("5, 52")),
    ])
    func aReplyWithBrokenFramingIsRefusedInASentenceOfItsOwn(
      mode: String, reason: ServerError.Reason
    ) async throws {
      try await OrderServer.with { server throws in
        let service = LiveOrderService(baseURL: server.url(mode), timeout: .seconds(20))
        let error = await #expect(throws: ServerError.self) { try await service.orders() }
        // curl says only "Invalid Content-Length", without the value.
        if case .invalidContentLength = reason, case .invalidContentLength = error?.reason {
        } else {
          #expect(error?.reason == reason)
        }
        #expect(error?.description.contains("URL error") == false)
      }
    }

    @Test(arguments: [
      ("header-flood", ServerError.Reason.headersTooLarge),
      ("continue-flood", .interimRepliesFlood),
      ("unknown-encoding", .unknownContentEncoding),
      ("corrupt-gzip", .undecodableBody),
    ])
    func aReplyCurlRefusesIsReportedAsWhatTheServerDid(
      mode: String, reason: ServerError.Reason
    ) async throws {
      try await OrderServer.with { server throws in
        let service = LiveOrderService(baseURL: server.url(mode), timeout: .seconds(20))
        let error = await #expect(throws: ServerError.self) { try await service.orders() }
        #expect(error?.reason == reason)
        #expect(error?.description.contains("URL error") == false)
        #expect(error?.description.contains("closed the connection") == false)
      }
    }

    @Test func aRepeatedContentLengthThatAgreesIsAccepted() async throws {
      try await OrderServer.with { server throws in
        let service = LiveOrderService(baseURL: server.url("same-lengths"))
        #expect(try await service.orders() == Order.samples)
      }
    }

    @Test func cancellingTheCallerStopsTheRequest() async throws {
      try await OrderServer.with { server throws in
        let service = LiveOrderService(baseURL: server.url("drip"), timeout: .seconds(50))
        let request = Task { try await service.orders() }
        request.cancel()
        await #expect(throws: CancellationError.self) { try await request.value }
      }
    }
  }
#endif
