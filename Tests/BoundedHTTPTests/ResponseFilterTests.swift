import Testing

@testable import BoundedHTTP

/// What the relay passes on to URLSession: every reply, without the shapes that stop the program
/// inside it (swift-corelibs-foundation#5285).
@Suite struct ResponseFilterTests {
  static let chunkedHead =
    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
  static let closingHead =
    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
    + "Connection: close\r\n\r\n"

  /// Runs `reply` through a filter, `pieces` bytes at a time, then the end of the connection.
  static func filtered(_ reply: String, pieces: Int = .max) -> (String, finished: Bool) {
    var filter = ResponseFilter()
    var output: [UInt8] = []
    var bytes = Array(reply.utf8)[...]
    while !bytes.isEmpty {
      let count = min(pieces, bytes.count)
      output += filter.feed(bytes.prefix(count))
      bytes = bytes.dropFirst(count)
    }
    let finished = filter.isFinished
    output += filter.end()
    return (String(decoding: output, as: UTF8.self), finished)
  }

  @Test(arguments: [1, 3, 1000])
  func theTrailerFieldsOfAChunkedBodyAreDroppedAndTheBodyEnds(pieces: Int) {
    let reply = Self.chunkedHead + "2\r\n[]\r\n0\r\nX-Checksum: abc\r\nX-Other: d\r\n\r\n"
    let (output, finished) = Self.filtered(reply, pieces: pieces)
    #expect(output == Self.closingHead + "2\r\n[]\r\n0\r\n\r\n")
    #expect(finished)
  }

  @Test func aHeadCutShortByTheEndOfTheConnectionIsWithheld() {
    #expect(Self.filtered("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n").0 == "")
    #expect(
      Self.filtered("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nX: y\r\n").0
        == "HTTP/1.1 100 Continue\r\n\r\n")
  }

  @Test func aReplyThatIsNotHTTPPassesOnForURLSessionToRefuse() {
    #expect(Self.filtered("SSH-2.0-OpenSSH\r\n").0 == "SSH-2.0-OpenSSH\r\n")
  }

  @Test func aBodyFramedByItsLengthPassesOnWhole() {
    let (output, _) = Self.filtered("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n[]")
    #expect(output == "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n[]")
  }

  @Test func aChunkedBodyCutShortPassesOnWhatCameWithoutItsEnd() {
    let (output, finished) = Self.filtered(Self.chunkedHead + "5\r\n[]")
    #expect(output == Self.closingHead + "5\r\n[]")
    #expect(!finished)
  }

  @Test func aHeadOverTheLimitPassesOnForCurlToRefuse() {
    var filter = ResponseFilter()
    let line = Array("HTTP/1.1 200 OK\r\nX-Huge: ".utf8)
    let block = [UInt8](repeating: UInt8(ascii: "a"), count: 4096)
    var passed = filter.feed(line).count
    for _ in 0...(ResponseFilter.headLimit / block.count) { passed += filter.feed(block).count }
    #expect(passed > ResponseFilter.headLimit)
    #expect(filter.feed(block).count == block.count)  // from then on, as it comes
  }
}
