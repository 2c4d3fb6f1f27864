import Foundation
import NotebookStorage
import Testing

@testable import Notebook

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// "No data yet" on a non-blocking standard input is never the end of the note.
@Suite(.timeLimit(.minutes(1))) struct SlowInputTests {
  /// A pipe whose read end is non-blocking, as a shell or a parent may leave it.
  static func nonBlockingPipe() -> (read: Int32, write: Int32) {
    var ends: [Int32] = [0, 0]
    precondition(pipe(&ends) == 0)
    _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
    return (ends[0], ends[1])
  }

  static func send(_ text: String, to descriptor: Int32) {
    let bytes = Array(text.utf8)
    // SAFETY: `write` reads `count` bytes from the array's own buffer, valid in the closure.
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  }

  @Test func aWriterThatPausesHasAllOfItsTextRead() throws {
    let (reader, writer) = Self.nonBlockingPipe()
    defer { close(reader) }
    // The writer's pause is the scenario itself: the reader meets EAGAIN before the rest.
    let thread = Thread {
      Self.send("the first part, ", to: writer)
      Thread.sleep(forTimeInterval: 0.3)
      Self.send("and the rest", to: writer)
      close(writer)
    }
    thread.start()
    let bytes = try readStandardInput(limit: 1 << 20, from: reader, idleLimit: .seconds(30))
    #expect(String(decoding: bytes, as: UTF8.self) == "the first part, and the rest")
  }

  @Test func inputThatStaysSilentPastTheIdleLimitFailsAndSaysSo() throws {
    let (reader, writer) = Self.nonBlockingPipe()
    defer {
      close(reader)
      close(writer)
    }
    Self.send("partial", to: writer)
    let error = #expect(throws: NotebookError.self) {
      try readStandardInput(limit: 1 << 20, from: reader, idleLimit: .milliseconds(200))
    }
    #expect(error?.description.contains("sent nothing for 0.2 seconds after 7 bytes") == true)
  }
}
