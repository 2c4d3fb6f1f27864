import BoundedHTTP
import Foundation
import Testing

@testable import Shop

// Child processes: only where Foundation.Process exists.
#if os(macOS) || os(Linux) || os(Windows)

  /// The live service against a real HTTP server on 127.0.0.1 (`Support/order_server.py`).
  @Suite(.timeLimit(.minutes(1)))
  struct LiveOrderServiceTests {
    @Test func itListsTheServersOrders() async throws {
      try await OrderServer.with { server throws in
        let service = LiveOrderService(baseURL: server.url())
        #expect(try await service.orders() == Order.samples)
      }
    }

    @Test func cancellingAnOrderRemovesItOnTheServer() async throws {
      try await OrderServer.with { server throws in
        let service = LiveOrderService(baseURL: server.url())
        try await service.cancel(orderID: 1)
        #expect(try await service.orders() == [Order(id: 2, total: 15.5)])
      }
    }

    @Test func aBaseURLWithoutTrailingSlashReachesTheSameRoutes() async throws {
      try await OrderServer.with { server throws in
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
        #expect(try await LiveOrderService(baseURL: url).orders() == Order.samples)
      }
    }

    @Test func cancellingAnUnknownOrderThrowsTheServersStatus() async throws {
      try await OrderServer.with { server throws in
        let service = LiveOrderService(baseURL: server.url())
        await #expect(throws: ServerError(.status(404))) { try await service.cancel(orderID: 99) }
      }
    }

    @Test(arguments: [500, 503, 404, 401])
    func anErrorStatusIsThrownForEveryCall(status: Int) async throws {
      try await OrderServer.with { server throws in
        let service = LiveOrderService(baseURL: server.url("status/\(status)"))
        await #expect(throws: ServerError(.status(status))) { try await service.orders() }
        await #expect(throws: ServerError(.status(status))) { try await service.cancel(orderID: 1) }
      }
    }

    @Test(arguments: ["malformed", "wrong-shape"])
    func aBodyThatIsNotAnArrayOfOrdersIsMalformed(mode: String) async throws {
      try await OrderServer.with { server throws in
        let service = LiveOrderService(baseURL: server.url(mode))
        await #expect(throws: ServerError(.malformedBody)) { try await service.orders() }
      }
    }

    @Test func aServerThatDoesNotAnswerInTimeTimesOut() async throws {
      try await OrderServer.with { server throws in
        let service = LiveOrderService(baseURL: server.url("slow"), timeout: .milliseconds(300))
        await #expect(throws: ServerError(.timedOut)) { try await service.orders() }
      }
    }

    @Test func aRefusedConnectionIsUnreachable() async throws {
      let server = try OrderServer.start()
      let url = server.url()
      server.stop()  // nothing listens on the port any more

      let service = LiveOrderService(baseURL: url, timeout: .seconds(20))
      await #expect(throws: ServerError(.unreachable("connection refused"))) {
        try await service.orders()
      }
    }

    @MainActor
    @Test func theModelTurnsEveryServerFailureIntoItsMessage() async throws {
      try await OrderServer.with { server throws in
        for (mode, timeout) in [("status/500", 20), ("malformed", 20), ("slow", 0.3)] {
          let model = OrdersModel(
            service: LiveOrderService(baseURL: server.url(mode), timeout: .seconds(timeout)))
          await model.load()
          #expect(model.error == "Couldn't load orders.", "mode \(mode)")
          #expect(model.orders.isEmpty)
        }
      }
    }

    @MainActor
    @Test func aCancelTheServerRejectsIsRolledBack() async throws {
      try await OrderServer.with { server throws in
        let model = OrdersModel(service: LiveOrderService(baseURL: server.url("cancel-fails")))
        await model.load()

        await model.cancel(Order.samples[0])

        #expect(model.orders == Order.samples)
        #expect(model.error == "Couldn't cancel order #1.")
      }
    }
  }
#endif
