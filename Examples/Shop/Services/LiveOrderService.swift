import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The shop's API over HTTP: `GET /orders` returns a JSON array of orders,
/// `POST /orders/{id}/cancel` cancels one.
///
/// ```swift
/// let service = LiveOrderService(baseURL: URL(string: "http://127.0.0.1:8080")!)
/// let orders = try await service.orders()
/// ```
///
/// Each request is an ``HTTPExchange``: `timeout` is a deadline for the whole request (not an idle
/// time), the body may be at most ``maximumResponseSize`` bytes after decompression, and redirects
/// follow the ``RedirectPolicy`` (none for a cancel). Every failure is thrown as a
/// ``ServerError``.
///
/// Threading: `Sendable`; calls may run concurrently from any task.
nonisolated struct LiveOrderService: OrderService {
  /// The largest body Shop reads, counted after decompression: 8 MiB, a generous bound for a list
  /// of orders that still keeps a hostile server from filling the memory.
  static let maximumResponseSize = 8 << 20

  let baseURL: URL
  let timeout: Duration
  let maximumResponseSize: Int

  init(
    baseURL: URL, timeout: Duration = .seconds(10),
    maximumResponseSize: Int = Self.maximumResponseSize
  ) {
    self.baseURL = baseURL
    self.timeout = timeout
    self.maximumResponseSize = maximumResponseSize
  }

  func orders() async throws -> [Order] {
    let body = try await send("GET", to: baseURL.appending(path: "orders"))
    do {
      return try JSONDecoder().decode([Order].self, from: body)
    } catch {
      throw ServerError(.malformedBody)
    }
  }

  func cancel(orderID: Int) async throws {
    _ = try await send("POST", to: baseURL.appending(path: "orders/\(orderID)/cancel"))
  }

  /// A fresh configuration per request: the class is mutable, so the service shares none.
  private func configuration() -> URLSessionConfiguration {
    let configuration = URLSessionConfiguration.ephemeral
    // URLSession's own timeouts only bound idle time; the exchange's deadline bounds the whole
    // request. They stay as a second line.
    configuration.timeoutIntervalForRequest = timeout.timeInterval
    configuration.timeoutIntervalForResource = timeout.timeInterval
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil  // a cache would keep a copy of every body
    return configuration
  }

  private func send(_ method: String, to url: URL) async throws -> Data {
    var request = URLRequest(url: url, timeoutInterval: timeout.timeInterval)
    request.httpMethod = method
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let exchange = HTTPExchange(request: request, limit: maximumResponseSize)
    let (response, body) = try await exchange.run(configuration: configuration(), deadline: timeout)
    guard (200...299).contains(response.statusCode) else {
      throw ServerError(.status(response.statusCode))
    }
    return body
  }
}

nonisolated extension Duration {
  /// The duration in seconds, as Foundation's APIs take it.
  var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
