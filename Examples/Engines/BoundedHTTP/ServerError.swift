/// Why a request failed: what the server (or the network) did, in a sentence of its own.
///
/// The model turns any failure into a sentence for the screen; the reason is kept for tests and for
/// whoever reads a log. Every case that reached a server says so: only ``Reason/unreachable(_:)``
/// means that nothing answered.
///
/// Threading: a value type; `Sendable`.
public nonisolated struct ServerError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong, one case per way a server or the network can fail a request.
  public enum Reason: Equatable, Sendable {
    /// The server said no, without more detail (the fake's failure).
    case refused
    /// The server answered with a status outside 200...299.
    case status(Int)
    /// The server answered 2xx with a body that is not the expected JSON.
    case malformedBody
    /// The whole request (connection, headers and body, redirects included) did not finish within
    /// the time limit.
    case timedOut
    /// The request never reached a server: refused connection, unknown host, no network.
    case unreachable(String)
    /// A request that changes something (a `POST`) was answered with a redirect. It is never
    /// resent, because a client that followed it would send a `GET` and could report a cancel
    /// that never happened. `location` is the address the server named.
    case mutationRedirected(status: Int, location: String)
    /// A `GET` was redirected to another server (or scheme or port) than the one it was sent to.
    case redirectedElsewhere(location: String)
    /// The server redirected more often than ``RedirectPolicy/maximumRedirects`` allows.
    case tooManyRedirects
    /// The body was larger than `limit` bytes once decompressed.
    case tooLarge(limit: Int)
    /// The server accepted the connection and closed it without a reply.
    case emptyReply
    /// The server replied with something that is not HTTP.
    case notHTTP
    /// The server closed the connection before the whole body it announced had arrived.
    case closedMidBody
    /// The reply's header lines were larger than the HTTP client accepts (a hostile or broken
    /// server; the client stops reading instead of holding them in memory).
    case headersTooLarge
    /// The server sent interim replies (`100 Continue`) without end, instead of its answer.
    case interimRepliesFlood
    /// The server's answer is in a `Content-Encoding` the client cannot decode.
    case unknownContentEncoding
    /// The server's answer is not in the `Content-Encoding` it names (a gzip body that is not).
    case undecodableBody
    /// The reply's `Content-Length` is not a whole number of bytes (`-5`, `12abc`).
    case invalidContentLength(String)
    /// The reply has several `Content-Length` headers that disagree: HTTP requires refusing it,
    /// since the client and anything in between could each read a different body.
    case conflictingContentLengths(String)
    /// The transfer failed in a way none of the other cases describe.
    case transport(code: Int)
  }

  /// What went wrong.
  public let reason: Reason

  /// A failure for `reason`; with none, the server's refusal without detail (a fake's failure).
  public init(_ reason: Reason = .refused) {
    self.reason = reason
  }

  /// The failure as a sentence, starting with "the server" (or "the request").
  public var description: String {
    switch reason {
    case .refused: "the server refused the request"
    case .status(let status): "the server answered HTTP \(status)"
    case .malformedBody: "the server's answer is not the expected JSON"
    case .timedOut: "the server did not answer in time"
    case .unreachable(let detail): "the server could not be reached (\(detail))"
    case .mutationRedirected(let status, let location):
      "the server answered HTTP \(status), a redirect to \(location); Shop never resends a "
        + "cancel to another address, so it cannot tell whether the order was cancelled"
    case .redirectedElsewhere(let location):
      "the server redirected to \(location), another server; Shop follows a redirect only to the "
        + "same scheme, host and port"
    case .tooManyRedirects:
      "the server redirected more than \(RedirectPolicy.maximumRedirects) times (a redirect loop?)"
    case .tooLarge(let limit):
      "the server's answer is larger than the \(Self.mebibytes(limit)) Shop accepts "
        + "(counted after decompression)"
    case .emptyReply: "the server closed the connection without answering"
    case .notHTTP: "the server's reply is not HTTP"
    case .closedMidBody: "the server closed the connection in the middle of its answer"
    case .headersTooLarge:
      "the server's reply headers are larger than Shop accepts; the reply was not read"
    case .interimRepliesFlood:
      "the server sent interim replies (100 Continue) without end instead of its answer; the "
        + "reply was not read"
    case .unknownContentEncoding:
      "the server sent its answer in a content encoding (Content-Encoding) Shop cannot decode"
    case .undecodableBody:
      "the server's answer is not in the content encoding (Content-Encoding) it names"
    case .invalidContentLength(let value):
      "the server's reply has an invalid Content-Length\(Self.quoted(value)); it must be a whole "
        + "number of bytes"
    case .conflictingContentLengths(let values):
      "the server's reply has Content-Length headers that disagree (\(Self.shortened(values))); "
        + "HTTP requires refusing such a reply"
    case .transport(let code): "the request failed (URL error \(code))"
    }
  }

  /// A server's value, cut short: a header line may be as long as the client's limit.
  private static func shortened(_ value: String) -> String {
    value.count > 40 ? value.prefix(40) + "..." : value
  }

  private static func quoted(_ value: String) -> String {
    value.isEmpty ? "" : " (\(shortened(value)))"
  }

  private static func mebibytes(_ bytes: Int) -> String {
    bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
  }
}
