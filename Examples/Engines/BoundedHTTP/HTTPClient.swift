import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A client of one HTTP server with the bounds a hostile server calls for: what a service of the
/// app (Shop's `LiveOrderService`) sends its requests through.
///
/// ```swift
/// let client = HTTPClient(baseURL: URL(string: "http://127.0.0.1:8080")!)
/// let body = try await client.send("GET", to: "orders")
/// ```
///
/// Each request is an ``HTTPExchange``: `timeout` is a deadline for the whole request (not an idle
/// time), the body may be at most `maximumResponseSize` bytes after decompression, and redirects
/// follow the ``RedirectPolicy`` (none for a request that changes something). A status outside
/// 200...299 and every other failure is thrown as a ``ServerError``.
///
/// Threading: `Sendable`; calls may run concurrently from any task.
public nonisolated struct HTTPClient: Sendable {
  /// The largest body read by default, counted after decompression: 8 MiB, generous for a list of
  /// orders, and still keeping a hostile server from filling the memory.
  public static let defaultMaximumResponseSize = 8 << 20

  /// The server's address; request paths are relative to it.
  public let baseURL: URL
  /// The deadline of each request, from connecting to the last byte, redirects included.
  public let timeout: Duration
  /// The largest body accepted, in bytes after decompression.
  public let maximumResponseSize: Int

  /// A client of the server at `baseURL`.
  public init(
    baseURL: URL, timeout: Duration = .seconds(10),
    maximumResponseSize: Int = Self.defaultMaximumResponseSize
  ) {
    self.baseURL = baseURL
    self.timeout = timeout
    self.maximumResponseSize = maximumResponseSize
  }

  /// Sends `method` to `path` (below ``baseURL``), asking for JSON, and returns the body of a
  /// 2xx answer.
  public func send(_ method: String, to path: String) async throws -> Data {
    let seconds = timeout.timeInterval
    let target = baseURL.appending(path: path)
    // An `http` answer reaches URLSession through the relay, which keeps from it the replies
    // that stop the program inside it (a chunked body with trailers, a head cut short).
    let relay = target.scheme?.lowercased() == "http" ? try ResponseRelay(origin: target) : nil
    defer { relay?.close() }
    var request = URLRequest(url: relay?.local(target) ?? target, timeoutInterval: seconds)
    request.httpMethod = method
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let exchange = HTTPExchange(
      request: request, origin: target, relay: relay, limit: maximumResponseSize)
    let (response, body) = try await exchange.run(configuration: configuration(), deadline: timeout)
    guard (200...299).contains(response.statusCode) else {
      throw ServerError(.status(response.statusCode))
    }
    return body
  }

  /// A fresh configuration per request: the class is mutable, so the client shares none.
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
}

nonisolated extension Duration {
  /// The duration in seconds, as Foundation's APIs take it.
  var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
