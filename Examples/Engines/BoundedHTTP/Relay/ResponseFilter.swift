/// What ``ResponseRelay`` passes on of a server's reply: everything, except the two shapes that
/// stop a program inside swift-corelibs-foundation's URLSession.
///
/// curl hands URLSession every header line it reads, and URLSession takes a line that follows a
/// complete head for the start of a new one; when the transfer then ends, it finds that new head
/// unfinished and stops the program ("Transfer completed, but there's no response",
/// NativeProtocol.swift:240). A server makes that happen with a legal answer, a chunked body
/// followed by trailer fields, and with a broken one, a head cut short by the end of the
/// connection (https://github.com/swiftlang/swift-corelibs-foundation/issues/5285; seen on Swift
/// 6.3.1, Linux; the crash becomes an error with pull request 5286, which no released toolchain
/// has yet). So:
///
/// - a head is passed on only once it is complete (its empty line has come); a connection that
///   ends in the middle of a head that reads as HTTP passes on nothing of it, which URLSession
///   reports as an empty reply. Interim `1xx` heads pass on as they complete;
/// - the trailer fields of a chunked body are dropped: the last chunk and the empty line that
///   ends the body pass on, as for a body without trailers, which HTTP allows a client to do
///   (RFC 9112, section 7.1.2);
/// - the final head gets `Connection: close`, so that URLSession opens a new connection (through
///   the relay) for a redirect instead of sending a second request on this one.
///
/// Everything else is curl's to judge, byte for byte as the server sent it: a reply that is not
/// HTTP, a head over `headLimit` (curl refuses far smaller ones), a chunk size that is not one.
///
/// Threading: a value type used by one connection's thread.
nonisolated struct ResponseFilter {
  /// How much of an unfinished head is held back; past it the bytes pass on as they come, and
  /// curl, whose own limit is 300 KB, refuses the head.
  static let headLimit = 512 << 10
  /// The longest chunk-size line or trailer line read as one; a longer one is passed on (a size
  /// line) for curl to refuse, or dropped (a trailer).
  static let lineLimit = 64 << 10

  private enum State {
    /// Reading a head: the status line and the header fields, up to the empty line.
    case head
    /// Everything passes on as it comes: a body framed by its length or by the end of the
    /// connection, or a reply this filter leaves to curl.
    case passing
    /// Reading the line that gives the next chunk's size.
    case chunkSize
    /// Passing `remaining` bytes of a chunk's data on.
    case chunkData(remaining: Int)
    /// Reading the line break after a chunk's data.
    case chunkEnd
    /// Reading the trailer fields after the last chunk, dropping them.
    case trailers(skippingLongLine: Bool)
    /// The body has ended: nothing more is passed on.
    case finished
  }

  private var state = State.head
  /// What came and is not handled yet. A slice, so that taking a line off its front costs
  /// nothing (20,000 trailer fields are 20,000 lines); re-based after each ``feed(_:)``.
  private var pending: ArraySlice<UInt8> = []
  /// How many bytes at the front of `pending` are known to hold no end of a head: each byte of a
  /// head is looked at once, however many pieces it comes in.
  private var headScanned = 0

  /// Whether the reply has ended: the relay closes the connection once it has passed on what
  /// ``feed(_:)`` returned.
  var isFinished: Bool {
    if case .finished = state { return true }
    return false
  }

  /// Takes `bytes` from the server; returns what to pass on to URLSession.
  mutating func feed(_ bytes: some Collection<UInt8>) -> [UInt8] {
    pending.append(contentsOf: bytes)
    var output: [UInt8] = []
    while step(into: &output) {}
    if pending.startIndex > Self.lineLimit {
      pending = Array(pending)[...]  // lets go of what was handled
    }
    return output
  }

  /// The server closed the connection: what is left to pass on. A head that reads as HTTP and
  /// never ended is withheld (see the type's comment); anything else held back passes on.
  mutating func end() -> [UInt8] {
    defer {
      pending = []
      state = .finished
    }
    guard case .head = state, !pending.isEmpty else { return [] }
    let http = Array("HTTP/".utf8)
    let start = Array(pending.prefix(http.count))
    return start == Array(http.prefix(start.count)) ? [] : Array(pending)
  }

  /// Handles what `pending` holds in the current state; returns whether to go on.
  private mutating func step(into output: inout [UInt8]) -> Bool {
    switch state {
    case .finished:
      pending = []
      return false
    case .passing:
      output += pending
      pending = []
      return false
    case .head:
      // The end is an empty line: its "\n", "\r\n" and the line break before it are 3 bytes.
      let from = pending.startIndex + max(0, headScanned - 3)
      guard let end = Self.headEnd(in: pending, from: from) else {
        headScanned = pending.count
        if pending.count > Self.headLimit { state = .passing }
        return pending.count > Self.headLimit
      }
      headScanned = 0
      let head = Array(pending[..<end])
      pending = pending[end...]
      guard let status = Self.status(of: head) else {
        output += head
        state = .passing
        return true
      }
      if (100...199).contains(status) {
        output += head  // an interim reply; the answer's head follows
        return true
      }
      output += Self.closing(head)
      let chunked = status != 204 && status != 304 && Self.isChunked(head)
      state = chunked ? .chunkSize : .passing
      return true
    case .chunkSize:
      guard let line = takeLine(into: &output, passing: true) else { return false }
      guard let size = Self.chunkSize(line) else {
        state = .passing  // not a chunk size: curl refuses it
        return true
      }
      state = size == 0 ? .trailers(skippingLongLine: false) : .chunkData(remaining: size)
      return true
    case .chunkData(let remaining):
      guard !pending.isEmpty else { return false }
      let count = min(remaining, pending.count)
      output += pending.prefix(count)
      pending.removeFirst(count)
      state = count == remaining ? .chunkEnd : .chunkData(remaining: remaining - count)
      return true
    case .chunkEnd:
      guard takeLine(into: &output, passing: true) != nil else { return false }
      state = .chunkSize
      return true
    case .trailers(let skipping):
      guard let newline = pending.firstIndex(of: UInt8(ascii: "\n")) else {
        if pending.count > Self.lineLimit {
          pending = []
          state = .trailers(skippingLongLine: true)
        }
        return false
      }
      let line = pending[..<newline]
      pending = pending[(newline + 1)...]
      if skipping {
        state = .trailers(skippingLongLine: false)
      } else if line.isEmpty || line == [UInt8(ascii: "\r")] {
        output += Array("\r\n".utf8)  // the end of the body, without the fields before it
        state = .finished
      }
      return true
    }
  }

  /// Takes one line (with its line break) out of `pending`, passing it on; `nil` until it is
  /// complete. A line over ``lineLimit`` switches to passing everything on.
  private mutating func takeLine(into output: inout [UInt8], passing: Bool) -> [UInt8]? {
    guard let newline = pending.firstIndex(of: UInt8(ascii: "\n")) else {
      if pending.count > Self.lineLimit { state = .passing }
      return nil
    }
    let line = Array(pending[...newline])
    pending = pending[(newline + 1)...]
    if passing { output += line }
    return line
  }

  /// Where the head in `bytes` ends (the index after its empty line), or `nil` while it has not.
  static func headEnd(in bytes: ArraySlice<UInt8>, from start: Int? = nil) -> Int? {
    var index = start ?? bytes.startIndex
    while let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) {
      let next = newline + 1
      if next < bytes.endIndex, bytes[next] == UInt8(ascii: "\n") { return next + 1 }
      if next + 1 < bytes.endIndex, bytes[next] == UInt8(ascii: "\r"),
        bytes[next + 1] == UInt8(ascii: "\n")
      {
        return next + 2
      }
      index = next
    }
    return nil
  }

  /// The status code of a head whose first line is an HTTP status line, or `nil`.
  static func status(of head: [UInt8]) -> Int? {
    let firstLine = head.prefix { $0 != UInt8(ascii: "\n") }
    let words = firstLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: true)
    guard words.count >= 2, words[0].starts(with: Array("HTTP/".utf8)), words[1].count == 3
    else { return nil }
    return Int(String(decoding: words[1], as: UTF8.self))
  }

  /// Whether the head frames its body as chunks: the last coding of `Transfer-Encoding`.
  static func isChunked(_ head: [UInt8]) -> Bool {
    let lines = head.split(separator: UInt8(ascii: "\n")).dropFirst()
    let codings = lines.compactMap { line -> String? in
      let text = String(decoding: line, as: UTF8.self)
      guard let colon = text.firstIndex(of: ":"),
        text[..<colon].trimmingSpaces.lowercased() == "transfer-encoding"
      else { return nil }
      return String(text[text.index(after: colon)...])
    }
    let last = codings.joined(separator: ",").split(separator: ",").last
    return last.map { String($0).trimmingSpaces.lowercased() == "chunked" } ?? false
  }

  /// `head` with `Connection: close` before its empty line.
  static func closing(_ head: [UInt8]) -> [UInt8] {
    let blank = head.count >= 2 && head[head.count - 2] == UInt8(ascii: "\r") ? 2 : 1
    return head.dropLast(blank) + Array("Connection: close\r\n".utf8) + head.suffix(blank)
  }

  /// The size a chunk-size line gives (hexadecimal, before any `;` extension), or `nil`.
  static func chunkSize(_ line: [UInt8]) -> Int? {
    // Cut as bytes: as a `String`, "\r\n" is one `Character`, equal to neither "\r" nor "\n".
    let size = line.prefix {
      ![UInt8(ascii: ";"), UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains($0)
    }
    let digits = String(decoding: size, as: UTF8.self).trimmingSpaces
    guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy(\.isHexDigit) else { return nil }
    return Int(digits, radix: 16)
  }
}

nonisolated extension StringProtocol {
  /// The text without the spaces and tabs HTTP allows around a value, nor a line's `\r`.
  fileprivate var trimmingSpaces: String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    return String(drop(while: blank).reversed().drop(while: blank).reversed())
  }
}
