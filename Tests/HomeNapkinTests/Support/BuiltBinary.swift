import BuiltProducts
import Foundation

// Child processes: only where Foundation.Process exists.
#if os(macOS) || os(Linux) || os(Windows)

  /// The `HomeNapkin` executable that `swift build` / `swift test` put next to the test bundle.
  enum BuiltBinary {
    /// What a run printed and how it ended.
    struct Run {
      let status: Int32
      /// `.exit` for a program that ended by itself, `.uncaughtSignal` for a crash.
      let reason: Process.TerminationReason
      let standardOutput: String
      let standardError: String
    }

    /// The executable, or why it was not found.
    static func locate() -> Result<URL, BuiltProduct.NotFound> {
      Result { () throws(BuiltProduct.NotFound) in try BuiltProduct.locate("HomeNapkin") }
    }

    /// Where the program's standard output goes.
    enum Output {
      /// A pipe the test reads: ``Run/standardOutput``.
      case captured
      /// `/dev/full`, where every write fails with "No space left on device".
      case full
      /// Nowhere: the descriptor is closed (`>&-`).
      case closed
      /// A pipe whose reader has left, with `SIGPIPE` ignored, so writes fail with `EPIPE`.
      case brokenPipe
    }

    /// Runs the executable with `arguments`, `input` piped to its standard input.
    static func run(
      _ executable: URL, arguments: [String] = [], input: String, output: Output = .captured
    ) throws -> Run {
      // A child that exits before reading all of its input must not kill the test with SIGPIPE.
      signal(SIGPIPE, SIG_IGN)
      let process = Process()
      let stdin = Pipe()
      let stdout = Pipe()
      let stderr = Pipe()
      process.standardInput = stdin
      process.standardError = stderr
      process.standardOutput = stdout
      switch output {
      case .captured:
        process.executableURL = executable
        process.arguments = arguments
      case .full:
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
      case .closed:
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"exec "$0" "$@" >&-"#, executable.path] + arguments
      case .brokenPipe:
        // `trap ''` sets SIG_IGN, which `exec` keeps.
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"trap '' PIPE; exec "$0" "$@""#, executable.path] + arguments
      }
      try process.run()
      if output == .brokenPipe {
        try stdout.fileHandleForReading.close()
      }
      // The child may have exited already (lost output ends it): a failed write is not the test's.
      try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
      try stdin.fileHandleForWriting.close()
      // Read both pipes to the end before waiting, so a full pipe cannot stall the child.
      let errorData = ReadToEnd(stderr.fileHandleForReading)
      let outputData =
        output == .captured ? stdout.fileHandleForReading.readDataToEndOfFile() : Data()
      process.waitUntilExit()
      return Run(
        status: process.terminationStatus, reason: process.terminationReason,
        standardOutput: String(decoding: outputData, as: UTF8.self),
        standardError: String(decoding: errorData.value, as: UTF8.self))
    }
  }

  /// Reads a file handle to its end on a background thread.
  private final class ReadToEnd: @unchecked Sendable {
    // `data` is written once by the reading thread before `done` is signalled and read only after
    // waiting on `done`, so the semaphore orders every access.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
      DispatchQueue.global().async {
        self.data = handle.readDataToEndOfFile()
        self.done.signal()
      }
    }

    var value: Data {
      done.wait()
      return data
    }
  }
#endif
