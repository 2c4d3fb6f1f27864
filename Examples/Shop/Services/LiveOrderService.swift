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
/// Every failure is thrown as a ``ServerError``: a status outside 200...299, a body that is not the
/// expected JSON, no answer within `timeout`, no connection at all.
///
/// Threading: `Sendable`; calls may run concurrently from any task.
struct LiveOrderService: OrderService {
  let baseURL: URL
  let timeout: Duration
  private let session: URLSession

  init(baseURL: URL, timeout: Duration = .seconds(10)) {
    self.baseURL = baseURL
    self.timeout = timeout
    let configuration = URLSessionConfiguration.ephemeral
    let seconds = timeout.timeInterval
    configuration.timeoutIntervalForRequest = seconds
    configuration.timeoutIntervalForResource = seconds
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    session = URLSession(configuration: configuration)
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

  private func send(_ method: String, to url: URL) async throws -> Data {
    var request = URLRequest(url: url, timeoutInterval: timeout.timeInterval)
    request.httpMethod = method
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let body: Data
    let response: URLResponse
    do {
      (body, response) = try await session.data(for: request)
    } catch let error as URLError {
      throw Self.serverError(for: error)
    }
    guard let response = response as? HTTPURLResponse else {
      throw ServerError(.malformedBody)
    }
    guard (200...299).contains(response.statusCode) else {
      throw ServerError(.status(response.statusCode))
    }
    return body
  }

  private static func serverError(for error: URLError) -> any Error {
    switch error.code {
    case .timedOut: ServerError(.timedOut)
    case .cancelled: CancellationError()
    case .cannotConnectToHost: ServerError(.unreachable("connection refused"))
    case .cannotFindHost, .dnsLookupFailed: ServerError(.unreachable("unknown host"))
    case .networkConnectionLost: ServerError(.unreachable("connection lost"))
    case .notConnectedToInternet: ServerError(.unreachable("no network"))
    default: ServerError(.unreachable("URL error \(error.code.rawValue)"))
    }
  }
}

extension Duration {
  /// The duration in seconds, as Foundation's APIs take it.
  var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
