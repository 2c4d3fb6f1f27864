import Foundation

// Child processes: only where Foundation.Process exists.
#if os(macOS) || os(Linux) || os(Windows)

  extension BuiltProduct {
    /// What a run printed and how it ended.
    public struct Run: Sendable {
      /// The exit status, or the signal's number for a crash.
      public let status: Int32
      /// `.exit` for a program that ended by itself, `.uncaughtSignal` for a crash.
      public let reason: Process.TerminationReason
      /// What the program wrote on standard output, when ``Output/captured``.
      public let standardOutput: String
      /// What the program wrote on standard error.
      public let standardError: String
    }

    /// Where the program's standard output goes.
    public enum Output: Sendable {
      /// A pipe the test reads: ``Run/standardOutput``.
      case captured
      /// `/dev/full`, where every write fails with "No space left on device".
      case full
      /// Nowhere: the descriptor is closed (`>&-`).
      case closed
      /// A pipe whose reader has left, with `SIGPIPE` ignored, so writes fail with `EPIPE`.
      case brokenPipe
    }

    /// Runs `executable` with `arguments`, `input` piped to its standard input, as a user's shell
    /// would. A run still going after `timeLimit` (the hang some tests look for) is killed and
    /// ends as a signal, so that it fails its test instead of stalling the test run.
    ///
    /// ```swift
    /// let run = try BuiltProduct.run(BuiltProduct.locate("Shop"), arguments: ["demo"])
    /// ```
    public static func run(
      _ executable: URL, arguments: [String] = [], input: String = "",
      output: Output = .captured, timeLimit: Duration = .seconds(30)
    ) throws -> Run {
      // A child that exits before reading all of its input must not kill the test with SIGPIPE.
      signal(SIGPIPE, SIG_IGN)
      let process = RunChild()
      let stdin = Pipe()
      let stdout = Pipe()
      let stderr = Pipe()
      process.standardInput = stdin
      process.standardError = stderr
      process.standardOutput = stdout
      process.executableURL = executable
      process.arguments = arguments
      switch output {
      case .captured:
        break
      case .full:
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
      case .closed:
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"exec "$0" "$@" >&-"#, executable.path] + arguments
      case .brokenPipe:
        // `trap ''` sets SIG_IGN, which `exec` keeps.
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"trap '' PIPE; exec "$0" "$@""#, executable.path] + arguments
      }
      try process.launchAlone()
      let watchdog = process.killIfRunning(after: timeLimit)
      defer { watchdog.cancel() }
      if output == .brokenPipe {
        try stdout.fileHandleForReading.close()
      }
      // Both pipes are read from before any input is written: a child that answers as it reads
      // would otherwise fill its output pipe while this thread still writes, and both would wait.
      let errorData = ReadToEnd(stderr.fileHandleForReading)
      let outputData = output == .captured ? ReadToEnd(stdout.fileHandleForReading) : nil
      // The child may have exited already (lost output ends it): a failed write is not the test's.
      try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
      try stdin.fileHandleForWriting.close()
      let standardOutput = outputData?.value ?? Data()
      process.waitUntilExit()
      return Run(
        status: process.terminationStatus, reason: process.terminationReason,
        standardOutput: String(decoding: standardOutput, as: UTF8.self),
        standardError: String(decoding: errorData.value, as: UTF8.self))
    }
  }

  #if os(Linux)
    /// The children ``BuiltProduct/run(_:arguments:input:output:timeLimit:)`` starts: reaped by
    /// the tests, so that the time limit's kill never reaches a reused pid (see ``ChildProcess``).
    private typealias RunChild = ChildProcess
  #else
    /// The children ``BuiltProduct/run(_:arguments:input:output:timeLimit:)`` starts.
    private typealias RunChild = Process
  #endif

  /// Reads a file handle to its end on a thread of its own, which no blocked pool can hold up.
  private final class ReadToEnd: @unchecked Sendable {
    // SAFETY: `data` is written once by the reading thread before `done` is signalled and read
    // only after waiting on `done`, so the semaphore orders every access.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
      Thread.detachNewThread {
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
