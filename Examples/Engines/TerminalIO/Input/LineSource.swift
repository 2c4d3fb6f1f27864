import Foundation

/// Where the shell reads its commands from.
@MainActor
public protocol LineSource {
  /// The next line without its newline, or `nil` at the end of input.
  func nextLine() async -> String?
}

/// Standard input, read on a thread of its own so that the main actor stays free between lines (the
/// leak detector's checks run there), and no thread of the cooperative pool or of Dispatch's
/// global queues waits on a person who is thinking.
public struct StandardInput: LineSource {
  private let reader = BoundedLineReader(fileDescriptor: STDIN_FILENO)

  /// Reads standard input, a line at a time.
  public init() {}

  /// The next line of standard input, at most ``BoundedLineReader/defaultLimit`` bytes of it.
  public func nextLine() async -> String? {
    await withCheckedContinuation { [reader] continuation in
      Thread.detachNewThread {
        continuation.resume(returning: reader.nextLine())
      }
    }
  }

  /// Whether a person is typing (a TTY) rather than a pipe or a file.
  public static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 }
}

/// A fixed script of lines, for tests.
public final class ScriptedInput: LineSource {
  private var remaining: ArraySlice<String>

  /// A source that reads `lines`, then ends.
  public init(_ lines: [String]) {
    remaining = lines[...]
  }

  /// The next line of the script.
  public func nextLine() async -> String? {
    remaining.popFirst()
  }
}
