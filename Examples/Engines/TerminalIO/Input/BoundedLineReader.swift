import Foundation

/// Reads lines from a file descriptor, keeping at most `limit` bytes of each.
///
/// `readLine()` holds a whole line in memory however long it is, so one endless line on standard
/// input would take all of it. No command is longer than a few dozen bytes: the rest of an
/// over-long line is read and dropped, and the shell answers the kept part like any other line.
///
/// Threading: `Sendable`; one reader at a time (the shell reads a line, then handles it).
///
/// The reader's state sits behind an `NSLock`, by the project's lock rule (CONTRIBUTING.md,
/// "Locks"): ThreadSanitizer sees pthread's hand-offs, not a contended `Mutex`'s.
public nonisolated final class BoundedLineReader: @unchecked Sendable {
  // SAFETY: `state` is read and written only inside `lock.withLock`, in `withState`; every other
  // stored property is a `let` of a Sendable type.
  /// The bytes of a line that are kept; the shell's longest command is far shorter.
  public static let defaultLimit = 4096

  private struct State {
    var buffer: [UInt8] = []
    var position = 0
    var atEnd = false
  }

  private let fileDescriptor: Int32
  private let limit: Int
  private let lock = NSLock()
  private var state = State()

  /// A reader of `fileDescriptor` that keeps at most `limit` bytes of a line.
  public init(fileDescriptor: Int32, limit: Int = BoundedLineReader.defaultLimit) {
    self.fileDescriptor = fileDescriptor
    self.limit = limit
  }

  /// The next line without its newline (at most `limit` bytes of it, decoded as UTF-8 with
  /// invalid bytes replaced), or `nil` at the end of input.
  public func nextLine() -> String? {
    withState { state in
      var line: [UInt8] = []
      var sawAnything = false
      while true {
        if state.position == state.buffer.count {
          guard !state.atEnd, refill(&state) else { break }
        }
        sawAnything = true
        let byte = state.buffer[state.position]
        state.position += 1
        if byte == UInt8(ascii: "\n") {
          return Self.text(line)
        }
        if line.count < limit {
          line.append(byte)
        }
      }
      return sawAnything ? Self.text(line) : nil
    }
  }

  private func withState<Result>(_ body: (inout State) -> Result) -> Result {
    lock.withLock { body(&state) }
  }

  private func refill(_ state: inout State) -> Bool {
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      // SAFETY: `read` writes at most `count` bytes into the buffer, which outlives the call.
      let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        state.buffer = Array(chunk[..<count])
        state.position = 0
        return true
      }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        // "No data yet" on a non-blocking descriptor (a pipe whose writer paused), never the
        // end: wait for the next command as a blocking read would. A shell waits for its user
        // for as long as the user takes, so the wait has no limit; closing the input ends it.
        if code == EAGAIN || code == EWOULDBLOCK, Self.awaitData(fileDescriptor) { continue }
      }
      // End of input, or an error reading it: either way there are no more lines.
      state.atEnd = true
      return false
    }
  }

  /// Waits until `descriptor` can be read (data, or the writer's end); `false` if `poll` fails.
  private static func awaitData(_ descriptor: Int32) -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    while true {
      if poll(&entry, 1, -1) > 0 { return true }
      if errno != EINTR { return false }
    }
  }

  private static func text(_ bytes: [UInt8]) -> String {
    var bytes = bytes[...]
    if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
    return String(decoding: bytes, as: UTF8.self)
  }
}
