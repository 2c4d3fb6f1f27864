/// Why an ``OrderService`` call failed.
///
/// The model turns any failure into a sentence for the screen; the reason is kept for tests and for
/// whoever reads a log.
///
/// Threading: a value type; `Sendable`.
struct ServerError: Error, Equatable, Sendable, CustomStringConvertible {
  enum Reason: Equatable, Sendable {
    /// The server said no, without more detail (the fake's failure).
    case refused
    /// The server answered with a status outside 200...299.
    case status(Int)
    /// The server answered 2xx with a body that is not the expected JSON.
    case malformedBody
    /// The request got no answer within the time limit.
    case timedOut
    /// The request never reached a server: refused connection, unknown host, dropped link.
    case unreachable(String)
  }

  let reason: Reason

  init(_ reason: Reason = .refused) {
    self.reason = reason
  }

  var description: String {
    switch reason {
    case .refused: "the server refused the request"
    case .status(let status): "the server answered HTTP \(status)"
    case .malformedBody: "the server's answer is not the expected JSON"
    case .timedOut: "the server did not answer in time"
    case .unreachable(let detail): "the server could not be reached (\(detail))"
    }
  }
}
