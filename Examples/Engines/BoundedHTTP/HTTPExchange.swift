import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP request and its answer, with the bounds a client needs against a hostile server:
///
/// - a deadline for the whole exchange (connection, headers, body and redirects): a server that
///   drips a byte at a time, or sends headers or chunks for ever, is stopped at the deadline;
/// - a limit on the body, counted as URLSession delivers it, after decompression, so a small gzip
///   reply cannot grow into gigabytes in memory;
/// - the ``RedirectPolicy``, applied to every redirect before URLSession follows it.
///
/// ```swift
/// let (response, body) = try await HTTPExchange(request: request, limit: 8 << 20)
///   .run(configuration: .ephemeral, deadline: .seconds(10))
/// ```
///
/// Every failure is thrown as a ``ServerError``, or `CancellationError` when the calling task is
/// cancelled. An exchange runs once.
///
/// Threading: `Sendable`. URLSession calls the delegate methods on its own queue, the deadline
/// fires on another task and cancellation may arrive from any thread; all of them meet in `state`,
/// under `lock` (the project's lock rule, CONTRIBUTING.md), and the continuation is resumed exactly
/// once, never while the lock is held.
nonisolated final class HTTPExchange: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  /// The final response and its whole body.
  typealias Answer = (HTTPURLResponse, Data)
  private typealias Waiter = CheckedContinuation<Answer, any Error>

  private struct State {
    var continuation: Waiter?
    var task: URLSessionDataTask?
    var response: HTTPURLResponse?
    var body = Data()
    var redirects = 0
    /// Why the exchange was stopped before URLSession finished it: deadline, limit, redirect,
    /// cancellation. The first reason wins, and the caller has been resumed with it.
    var stopped: (any Error)?
    var isFinished = false
  }

  // SAFETY: `state` is read and written only inside `withState`, under `lock`; every other stored
  // property is a `let` of a Sendable type.
  private let request: URLRequest
  /// The request's address on the server: `request.url`, unless the request goes through
  /// `relay`, whose own address it then has.
  private let origin: URL?
  private let relay: ResponseRelay?
  private let limit: Int
  private let lock = NSLock()
  private var state = State()

  init(request: URLRequest, origin: URL? = nil, relay: ResponseRelay? = nil, limit: Int) {
    self.request = request
    self.origin = origin ?? request.url
    self.relay = relay
    self.limit = limit
  }

  /// Sends the request and returns the final response with its whole body.
  func run(
    configuration: URLSessionConfiguration, deadline: Duration
  ) async throws -> Answer {
    // The session keeps its delegate (this exchange) until it is invalidated, which happens when
    // the task completes.
    let session = URLSession(
      configuration: configuration, delegate: self, delegateQueue: BoundedDelegateQueue())
    let timer = Task { [weak self] in
      try await Task.sleep(for: deadline)
      self?.stop(because: ServerError(.timedOut))
    }
    defer { timer.cancel() }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = session.dataTask(with: request)
        let early = withState { state -> (any Error)? in
          if let stopped = state.stopped { return stopped }
          state.continuation = continuation
          state.task = task
          return nil
        }
        if let early {
          session.invalidateAndCancel()
          continuation.resume(throwing: early)
        } else {
          task.resume()
        }
      }
    } onCancel: {
      stop(because: CancellationError())
    }
  }

  /// Ends the exchange with `reason`, unless it already ended, and cancels the task if
  /// `cancelling`.
  ///
  /// With `resumingNow`, the caller is resumed at once and the task winds down on its own: a body
  /// over the limit is refused without waiting while curl inflates what it has already received.
  /// Otherwise (the deadline, the caller's cancellation) the caller is resumed once URLSession has
  /// processed the cancel, so no transfer outlives the call: one that went on while its server
  /// closed the connection in the middle of the headers would stop the program with
  /// swift-corelibs-foundation's "Transfer completed, but there's no response"
  /// (https://github.com/swiftlang/swift-corelibs-foundation/issues/5285, open; seen on Swift
  /// 6.3.1, Linux). The wait for the cancel can go when that issue is fixed in the toolchain the
  /// package supports: `HostileServerTests.theTimeoutIsADeadlineForTheWholeRequest`
  /// (`drip-headers`) then passes with `resumingNow` always true.
  private func stop(
    because reason: any Error, cancelling: Bool = true, resumingNow: Bool = false
  ) {
    let (task, continuation) = withState { state -> (URLSessionDataTask?, Waiter?) in
      guard state.stopped == nil, !state.isFinished else { return (nil, nil) }
      state.stopped = reason
      guard resumingNow else { return (state.task, nil) }
      defer { state.continuation = nil }
      return (state.task, state.continuation)
    }
    continuation?.resume(throwing: reason)
    // Never from the delegate queue: corelibs' `cancel()` runs `workQueue.sync`, and the work queue
    // may be waiting for a slot of the delegate queue (see ``BoundedDelegateQueue``), so the two
    // would wait for each other. Not an upstream bug on its own (Swift 6.3.1, Linux): it follows
    // from the bound, and goes with it (see ``BoundedDelegateQueue`` for when).
    // https://github.com/swiftlang/swift-corelibs-foundation/issues/5412 is a different
    // deadlock around the same `workQueue.sync`.
    if cancelling, let task { DispatchQueue.global().async { task.cancel() } }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    let followed = withState { $0.redirects }
    // Judged on the server's addresses: a relayed request's target names the relay.
    let target = newRequest.url.map { relay?.remote($0) ?? $0 }
    let decision = RedirectPolicy.decide(
      method: request.httpMethod ?? "GET", origin: origin,
      status: response.statusCode, target: target, followed: followed)
    switch decision {
    case .follow:
      withState { $0.redirects += 1 }
      var next = newRequest
      next.url = target.map { relay?.local($0) ?? $0 }
      completionHandler(next)
    case .refuse(let reason):
      // Not cancelled: cancelling the task while URLSession waits for this answer stops the
      // program in swift-corelibs-foundation ("Received callback for HTTP redirection, but we're
      // not waiting for it", HTTPURLProtocol.swift:705; Swift 6.3.1, Linux). No upstream issue
      // found; the reproduction: in this method, `DispatchQueue.global().async { task.cancel() }`,
      // sleep 0.2 s, then `completionHandler(nil)`, against any server that answers 302. Declined,
      // the redirect ends the task with the 3xx response. This can cancel like the other refusals
      // once that reproduction completes the task with `URLError.cancelled`.
      stop(because: ServerError(reason), cancelling: false, resumingNow: true)
      completionHandler(nil)
    }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    guard let response = response as? HTTPURLResponse else {
      stop(because: ServerError(.notHTTP), resumingNow: true)
      return completionHandler(.cancel)
    }
    withState {
      $0.response = response
      $0.body = Data()  // a body of a redirect that was followed is not part of the answer
    }
    if let refusal = ContentLength.refusal(response.value(forHTTPHeaderField: "Content-Length")) {
      stop(because: ServerError(refusal), resumingNow: true)
      return completionHandler(.cancel)
    }
    // A declared length is the compressed size when the body is encoded, so it can only refuse
    // early; the count in `didReceive data` is what enforces the limit.
    if response.expectedContentLength > Int64(limit) {
      stop(because: ServerError(.tooLarge(limit: limit)), resumingNow: true)
      return completionHandler(.cancel)
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let tooLarge = withState { state -> Bool in
      guard state.stopped == nil else { return false }  // winding down: keep nothing
      guard state.body.count + data.count <= limit else { return true }
      state.body.append(data)
      return false
    }
    if tooLarge { stop(because: ServerError(.tooLarge(limit: limit)), resumingNow: true) }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    session.finishTasksAndInvalidate()
    // What the relay met on its side (the server could not be reached) is what failed; URLSession
    // saw only the relay close the connection.
    let relayFailure = relay?.failure
    let (continuation, result) = withState { state -> (Waiter?, Result<Answer, any Error>) in
      state.isFinished = true
      defer { state.continuation = nil }
      if let relayFailure, state.stopped == nil, error != nil {
        return (state.continuation, .failure(ServerError(relayFailure)))
      }
      return (state.continuation, Self.result(of: state, error: error))
    }
    continuation?.resume(with: result)
  }

  /// Runs `body` on the state under the lock; the body never calls out.
  private func withState<R>(_ body: (inout State) -> R) -> R {
    lock.withLock { body(&state) }
  }

  private static func result(
    of state: State, error: (any Error)?
  ) -> Result<Answer, any Error> {
    if let stopped = state.stopped { return .failure(stopped) }
    if let error {
      return .failure(serverError(for: error, response: state.response))
    }
    guard let response = state.response else { return .failure(ServerError(.emptyReply)) }
    return .success((response, state.body))
  }

  /// The reason for a transfer error. The same URL error means different things before and
  /// after the response's head arrived: a connection lost before it is an empty reply, after it a
  /// body cut short.
  private static func serverError(
    for error: any Error, response: HTTPURLResponse?
  ) -> any Error {
    guard let error = error as? URLError else { return error }
    // A `100 Continue` reaches the delegate as a response, though it is only an interim reply:
    // the answer's head has not arrived after it.
    let interim = response.map { (100...199).contains($0.statusCode) } ?? false
    let afterResponse = response != nil && !interim
    // curl's own sentence is the only thing that tells these apart: all arrive as `unknown`.
    if error.code == .unknown,
      let refusal = ContentLength.curlRefusal(
        error, afterResponse: afterResponse, afterInterimReply: interim)
    {
      return ServerError(refusal)
    }
    switch error.code {
    case .timedOut: return ServerError(.timedOut)
    case .cancelled: return CancellationError()
    case .cannotConnectToHost: return ServerError(.unreachable("connection refused"))
    case .cannotFindHost, .dnsLookupFailed: return ServerError(.unreachable("unknown host"))
    case .notConnectedToInternet: return ServerError(.unreachable("no network"))
    case .httpTooManyRedirects: return ServerError(.tooManyRedirects)
    default: break
    }
    if afterResponse {
      switch error.code {
      // curl's "transfer closed with N bytes remaining to read" arrives as `unknown`.
      case .networkConnectionLost, .badServerResponse, .unknown:
        return ServerError(.closedMidBody)
      default: return ServerError(.transport(code: error.code.rawValue))
      }
    }
    switch error.code {
    // curl's "Empty reply from server" arrives as `badServerResponse`.
    case .badServerResponse, .zeroByteResource, .networkConnectionLost:
      return ServerError(.emptyReply)
    // curl's "Received HTTP/0.9 when not allowed" arrives as `unsupportedURL`; the URL itself was
    // checked when the command line was parsed.
    case .unsupportedURL, .cannotParseResponse: return ServerError(.notHTTP)
    default: return ServerError(.transport(code: error.code.rawValue))
    }
  }
}
