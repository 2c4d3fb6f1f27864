import Foundation
import Testing

@testable import TerminalIO

/// Standard input is read a bounded line at a time: an endless line cannot take all memory.
@Suite struct BoundedLineReaderTests {
  @Test func anOverLongLineKeepsOnlyItsLimitAndTheNextLineIsReadWhole() {
    Self.read(String(repeating: "a", count: 100_000) + "\nquit\n") { reader in
      #expect(reader.nextLine() == String(repeating: "a", count: 64))
      #expect(reader.nextLine() == "quit")
      #expect(reader.nextLine() == nil)
    }
  }

  @Test func carriageReturnsBeforeNewlinesAndAMissingLastNewlineAreHandled() {
    Self.read("login alice\r\nprofile") { reader in
      #expect(reader.nextLine() == "login alice")
      #expect(reader.nextLine() == "profile")
      #expect(reader.nextLine() == nil)
    }
  }

  @Test func anEmptyLineIsALineAndEmptyInputIsTheEnd() {
    Self.read("\n") { #expect($0.nextLine() == "") }
    Self.read("") { #expect($0.nextLine() == nil) }
  }

  /// Runs `body` with a reader (64-byte limit) over a pipe that holds `input` and then ends.
  private static func read(_ input: String, _ body: (BoundedLineReader) -> Void) {
    let pipe = Pipe()
    let writer = pipe.fileHandleForWriting
    // The pipe's buffer is smaller than the longest input: write from another thread.
    let data = Data(input.utf8)
    Thread.detachNewThread {
      writer.write(data)
      try? writer.close()
    }
    withExtendedLifetime(pipe) {
      body(BoundedLineReader(fileDescriptor: pipe.fileHandleForReading.fileDescriptor, limit: 64))
    }
  }
}

/// A non-blocking standard input whose writer pauses still has every line read.
@Suite(.timeLimit(.minutes(1))) struct BoundedLineReaderNonBlockingTests {
  @Test func commandsSentApartOnANonBlockingPipeAreAllRead() {
    let pipe = Pipe()
    let descriptor = pipe.fileHandleForReading.fileDescriptor
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    let writer = pipe.fileHandleForWriting
    // The pauses are the scenario itself: each line arrives after the reader met EAGAIN.
    Thread.detachNewThread {
      for line in ["one", "two", "three", "quit"] {
        writer.write(Data((line + "\n").utf8))
        Thread.sleep(forTimeInterval: 0.1)
      }
      try? writer.close()
    }
    withExtendedLifetime(pipe) {
      let reader = BoundedLineReader(fileDescriptor: descriptor)
      #expect((0..<5).map { _ in reader.nextLine() } == ["one", "two", "three", "quit", nil])
    }
  }
}
