import BoundedHTTP
import Foundation

/// The shop's API over HTTP: `GET /orders` returns a JSON array of orders,
/// `POST /orders/{id}/cancel` cancels one.
///
/// ```swift
/// let service = LiveOrderService(baseURL: URL(string: "http://127.0.0.1:8080")!)
/// let orders = try await service.orders()
/// ```
///
/// The requests go through an ``HTTPClient`` (the `BoundedHTTP` engine, whose README says what it
/// bounds and which swift-corelibs-foundation issues it works around); every failure is thrown as
/// a ``ServerError``.
///
/// Threading: `Sendable`; calls may run concurrently from any task.
nonisolated struct LiveOrderService: OrderService {
  /// The largest answer Shop reads, counted after decompression: 8 MiB.
  static let maximumResponseSize = HTTPClient.defaultMaximumResponseSize

  let client: HTTPClient
  var baseURL: URL { client.baseURL }
  var timeout: Duration { client.timeout }

  init(
    baseURL: URL, timeout: Duration = .seconds(10),
    maximumResponseSize: Int = Self.maximumResponseSize
  ) {
    client = HTTPClient(
      baseURL: baseURL, timeout: timeout, maximumResponseSize: maximumResponseSize)
  }

  func orders() async throws -> [Order] {
    let body = try await client.send("GET", to: "orders")
    do {
      return try JSONDecoder().decode([Order].self, from: body)
    } catch {
      throw ServerError(.malformedBody)
    }
  }

  func cancel(orderID: Int) async throws {
    _ = try await client.send("POST", to: "orders/\(orderID)/cancel")
  }
}
