import BuiltProducts
import Foundation

// Child processes: only where Foundation.Process exists.
#if os(macOS) || os(Linux) || os(Windows)

  /// The `Shop` executable that `swift build` / `swift test` put next to the test bundle, run as a
  /// user would, with its standard output sent somewhere that fails.
  enum BuiltShop {
    /// What a run wrote on standard error and how it ended.
    struct Run {
      let status: Int32
      /// `.exit` for a program that ended by itself, `.uncaughtSignal` for a crash.
      let reason: Process.TerminationReason
      let standardError: String
    }

    /// Where standard output goes.
    enum Output {
      /// `/dev/full`: every write fails with "No space left on device".
      case full
      /// Nowhere: the descriptor is closed (`>&-`).
      case closed
    }

    static func run(_ arguments: [String], output: Output) throws -> Run {
      let process = Process()
      let executable = try BuiltProduct.locate("Shop")
      switch output {
      case .full:
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
      case .closed:
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"exec "$0" "$@" >&-"#, executable.path] + arguments
      }
      let stderr = Pipe()
      process.standardError = stderr
      process.standardInput = FileHandle.nullDevice
      try process.run()
      // A run that never ends (the bug some tests look for) is stopped, and fails its test as a
      // signal, instead of hanging the test run.
      let watchdog = DispatchWorkItem { [process] in process.terminate() }
      DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(30), execute: watchdog)
      defer { watchdog.cancel() }
      let error = stderr.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return Run(
        status: process.terminationStatus, reason: process.terminationReason,
        standardError: String(decoding: error, as: UTF8.self))
    }
  }
#endif
