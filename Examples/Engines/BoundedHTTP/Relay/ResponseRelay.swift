import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A relay on 127.0.0.1 between URLSession and one `http` server, for one exchange: URLSession
/// connects to the relay, the relay to the server, and what comes back passes through a
/// ``ResponseFilter``, which keeps from URLSession the replies that stop the program inside it
/// (swift-corelibs-foundation#5285: a chunked body with trailer fields, a head cut short).
///
/// ```swift
/// let relay = try ResponseRelay(origin: URL(string: "http://127.0.0.1:8080")!)
/// defer { relay.close() }
/// let url = relay.local(URL(string: "http://127.0.0.1:8080/orders")!)  // http://127.0.0.1:PORT/orders
/// ```
///
/// Each connection URLSession opens carries one request: its `Host` becomes the server's and it
/// asks the server to close the connection after the answer. `https` is not relayed (the relay
/// would see only TLS), and keeps URLSession's hazards: see the BoundedHTTP README.
///
/// The workaround goes once the toolchain the package supports has pull request 5286 (the crash
/// becomes an error) and curl's trailer lines no longer reach URLSession's head parser (no
/// upstream fix yet; with 5286 alone a legal answer with trailers still fails):
/// `FoundationStopTests` (Tests/ShopTests) then passes with the relay taken out of `HTTPClient`.
///
/// Threading: `Sendable`. A thread of its own accepts connections and one thread per connection
/// relays it; ``close()`` (any thread) ends them all within ``pollSlice``.
nonisolated final class ResponseRelay: @unchecked Sendable {
  // SAFETY: `isClosed` and `failure` are read and written only under `lock` (an `NSLock`, the
  // project's lock rule for the examples); `listener`, `port` and `origin` are set in `init` and
  // never change.

  /// How long a relay thread waits in `poll` before it looks whether the relay was closed.
  static let pollSlice: Int32 = 50
  /// The largest request head read before it is passed on unchanged.
  static let requestHeadLimit = 64 << 10

  /// The server's scheme, host and port, as the request named them.
  let origin: URL
  private let host: String
  private let serverPort: Int
  private let listener: Int32
  /// The relay's own port on 127.0.0.1.
  let port: Int
  private let lock = NSLock()
  private var isClosedValue = false
  private var failureValue: ServerError.Reason?

  /// Starts relaying to `origin`'s host and port (80 by default), listening on a free port of
  /// 127.0.0.1.
  init(origin: URL) throws {
    guard let host = origin.host(), !host.isEmpty else {
      throw ServerError(.unreachable("no host"))
    }
    self.origin = origin
    self.host = host
    serverPort = origin.port ?? 80
    let listener = socket(AF_INET, Self.streamType, 0)
    guard listener >= 0 else { throw ServerError(.transport(code: Int(errno))) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    // SAFETY: `address` is a `sockaddr_in` whose size `length` gives, alive for both calls.
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
        bind(listener, generic, length) == 0 && listen(listener, 16) == 0
          && getsockname(listener, generic, &length) == 0
      }
    }
    guard bound else {
      let code = errno
      closeDescriptor(listener)
      throw ServerError(.transport(code: Int(code)))
    }
    self.listener = listener
    port = Int(UInt16(bigEndian: address.sin_port))
    Thread.detachNewThread { [self] in acceptConnections() }
  }

  /// Why the relay could not reach the server, if it could not: what URLSession, which reached
  /// the relay, cannot say.
  var failure: ServerError.Reason? { lock.withLock { failureValue } }

  private var isClosed: Bool { lock.withLock { isClosedValue } }

  /// `url` on the server, as URLSession must ask for it: on the relay.
  func local(_ url: URL) -> URL {
    guard isOrigin(url), var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
    else { return url }
    components.host = "127.0.0.1"
    components.port = port
    return components.url ?? url
  }

  /// `url` as URLSession saw it, on the server: a redirect's target is judged there.
  func remote(_ url: URL) -> URL {
    guard url.host() == "127.0.0.1", url.port == port,
      var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
    else { return url }
    components.scheme = origin.scheme
    components.host = host
    components.port = origin.port
    return components.url ?? url
  }

  /// Stops accepting and ends every relayed connection.
  func close() {
    lock.withLock { isClosedValue = true }
  }

  private func isOrigin(_ url: URL) -> Bool {
    url.scheme?.lowercased() == "http" && url.host()?.lowercased() == host.lowercased()
      && (url.port ?? 80) == serverPort
  }

  private func record(_ reason: ServerError.Reason) {
    lock.withLock {
      if failureValue == nil { failureValue = reason }
    }
  }

  private func acceptConnections() {
    defer { closeDescriptor(listener) }
    while !isClosed {
      guard Self.wait(for: listener, POLLIN) else { continue }
      let client = acceptConnection(listener)
      guard client >= 0 else { continue }
      Thread.detachNewThread { [self] in relay(client) }
    }
  }

  /// Relays one connection: its request to the server, the filtered answer back.
  private func relay(_ client: Int32) {
    defer { closeDescriptor(client) }
    guard let server = connectToServer() else { return }
    defer { closeDescriptor(server) }
    var request = RequestHead(host: serverPort == 80 ? host : "\(host):\(serverPort)")
    var filter = ResponseFilter()
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    while !isClosed && !filter.isFinished {
      var descriptors = [
        pollfd(fd: client, events: Int16(POLLIN), revents: 0),
        pollfd(fd: server, events: Int16(POLLIN), revents: 0),
      ]
      guard poll(&descriptors, 2, Self.pollSlice) >= 0 || errno == EINTR else { return }
      if descriptors[0].revents != 0 {
        let count = read(client, &buffer, buffer.count)
        guard count > 0 else { return }  // URLSession let go of the connection
        guard sendAll(server, request.feed(buffer[..<count])) else { return }
      }
      if descriptors[1].revents != 0 {
        let count = read(server, &buffer, buffer.count)
        let passed = count > 0 ? filter.feed(buffer[..<count]) : filter.end()
        guard sendAll(client, passed), count > 0 else { return }
      }
    }
  }

  /// A connection to the server, or `nil` (with the reason recorded) when it cannot be made
  /// before the relay is closed.
  private func connectToServer() -> Int32? {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Self.streamType
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(serverPort), &hints, &found) == 0, let first = found else {
      record(.unreachable("unknown host"))
      return nil
    }
    defer { freeaddrinfo(found) }
    var entry: UnsafeMutablePointer<addrinfo>? = first
    var refused = false
    while let current = entry, !isClosed {
      entry = current.pointee.ai_next
      let server = withoutSigpipe(socket(current.pointee.ai_family, Self.streamType, 0))
      guard server >= 0 else { continue }
      _ = fcntl(server, F_SETFL, fcntl(server, F_GETFL) | O_NONBLOCK)
      if connectDescriptor(server, current.pointee.ai_addr, current.pointee.ai_addrlen) == 0
        || (errno == EINPROGRESS && connected(server))
      {
        return server
      }
      refused = refused || errno == ECONNREFUSED
      closeDescriptor(server)
    }
    if !isClosed { record(.unreachable(refused ? "connection refused" : "no route to host")) }
    return nil
  }

  /// Waits for a non-blocking connect to end; whether it succeeded (`errno` says why not).
  private func connected(_ server: Int32) -> Bool {
    while !isClosed {
      guard Self.wait(for: server, POLLOUT) else { continue }
      var code: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      guard getsockopt(server, SOL_SOCKET, SO_ERROR, &code, &length) == 0 else { return false }
      errno = code
      return code == 0
    }
    return false
  }

  /// Writes all of `bytes` to `descriptor` (non-blocking or not), giving up when the relay is
  /// closed or the peer has gone.
  private func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      guard !isClosed else { return false }
      // SAFETY: the buffer of `bytes` is valid in the closure, and `offset` is below its count,
      // so the pointer and the length stay inside it.
      let written = bytes.withUnsafeBytes { raw in
        sendBytes(descriptor, raw.baseAddress! + offset, raw.count - offset)
      }
      if written > 0 {
        offset += written
      } else if written < 0 && (errno == EAGAIN || errno == EINTR) {
        _ = Self.wait(for: descriptor, POLLOUT)
      } else {
        return false
      }
    }
    return true
  }

  /// Whether `descriptor` is ready for `event` within one ``pollSlice``.
  private static func wait(for descriptor: Int32, _ event: Int32) -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(event), revents: 0)
    return poll(&entry, 1, pollSlice) > 0
  }

  #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
  #else
    private static let streamType = SOCK_STREAM
  #endif
}

// The system calls whose names the relay's own methods (`close()`) would hide.

private nonisolated func closeDescriptor(_ descriptor: Int32) {
  _ = close(descriptor)
}

private nonisolated func acceptConnection(_ listener: Int32) -> Int32 {
  withoutSigpipe(accept(listener, nil, nil))
}

/// `descriptor`, set on Darwin not to raise SIGPIPE when its peer has gone (Linux's `send` takes
/// `MSG_NOSIGNAL` instead): a relay write must fail, not stop the program.
private nonisolated func withoutSigpipe(_ descriptor: Int32) -> Int32 {
  #if canImport(Darwin)
    var on: Int32 = 1
    if descriptor >= 0 {
      _ = setsockopt(
        descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    }
  #endif
  return descriptor
}

private nonisolated func connectDescriptor(
  _ descriptor: Int32, _ address: UnsafePointer<sockaddr>!, _ length: socklen_t
) -> Int32 {
  connect(descriptor, address, length)
}

private nonisolated func sendBytes(
  _ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int
) -> Int {
  #if canImport(Darwin)
    send(descriptor, bytes, count, 0)  // the socket has SO_NOSIGPIPE (`withoutSigpipe`)
  #else
    send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
  #endif
}

/// The request head URLSession sends the relay, made the server's: `Host` names the server, and
/// `Connection: close` asks it to close the connection after its answer (a redirect is a new
/// connection). The bytes after the head (a body) pass on unchanged.
///
/// Threading: a value type used by one connection's thread.
nonisolated struct RequestHead {
  private let host: String
  private var pending: [UInt8] = []
  private var isDone = false

  init(host: String) {
    self.host = host
  }

  /// Takes bytes from URLSession; returns what to send the server.
  mutating func feed(_ bytes: some Collection<UInt8>) -> [UInt8] {
    guard !isDone else { return Array(bytes) }
    pending.append(contentsOf: bytes)
    guard let end = ResponseFilter.headEnd(in: pending[...]) else {
      guard pending.count > ResponseRelay.requestHeadLimit else { return [] }
      isDone = true
      defer { pending = [] }
      return pending
    }
    isDone = true
    let head = String(decoding: pending[..<end], as: UTF8.self)
    let rest = pending[end...]
    pending = []
    var lines = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    lines.removeAll { line in
      let name = line.prefix { $0 != ":" }.lowercased()
      return name == "host" || name == "connection"
    }
    guard let requestLine = lines.first else { return Array(head.utf8) + rest }
    let rewritten =
      [requestLine, "Host: \(host)", "Connection: close"] + lines.dropFirst() + ["", ""]
    return Array(rewritten.joined(separator: "\r\n").utf8) + rest
  }
}
