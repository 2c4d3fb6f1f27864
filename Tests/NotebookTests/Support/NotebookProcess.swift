import BuiltProducts
import Foundation
import NotebookStorage
import Testing

// Child processes: only where Foundation.Process exists.
#if os(macOS) || os(Linux) || os(Windows)

  /// Runs the built `Notebook` executable, as a user or a script would.
  enum NotebookProcess {
    #if os(Linux)
      /// The children ``start(_:input:)`` starts: reaped by the tests, so that the time limit's
      /// kill never reaches a reused pid (see ``ChildProcess``).
      typealias Child = ChildProcess
    #else
      /// The children ``start(_:input:)`` starts.
      typealias Child = Process
    #endif

    /// What a finished run printed and how it exited.
    struct Result {
      var status: Int32
      var reason: Process.TerminationReason
      var output: String
      var error: String

      var lines: [String] { output.split(separator: "\n").map(String.init) }
    }

    /// The executable in the build's products directory; `NOTEBOOK_EXECUTABLE` overrides it.
    static let executable: String? = try? BuiltProduct.locate("Notebook").path

    /// Whether the executable was built with ThreadSanitizer, whose runtime cannot start under a
    /// file size limit (`ulimit -f`).
    static let isThreadSanitized: Bool = {
      guard let executable, let binary = FileManager.default.contents(atPath: executable) else {
        return false
      }
      return binary.range(of: Data("__tsan_init".utf8)) != nil
    }()

    /// The executable, or a recorded failure explaining how to build it.
    static func requireExecutable() throws -> String {
      try #require(
        executable,
        "the Notebook executable is not next to the test binary; run `swift build` before `swift test`"
      )
    }

    /// Starts `Notebook` with `arguments`; the caller waits or kills it.
    static func start(_ arguments: [String], input: String? = nil) throws -> (
      Child, stdout: Pipe, stderr: Pipe
    ) {
      try start(arguments, bytes: input.map { Data($0.utf8) })
    }

    /// Starts `Notebook` with raw bytes on standard input; with `shell`, through `/bin/sh -c` so
    /// that the script can set limits or pass arguments Foundation cannot (`"$0"` is the program).
    static func start(_ arguments: [String], bytes: Data?, shell: String? = nil) throws -> (
      Child, stdout: Pipe, stderr: Pipe
    ) {
      let process = Child()
      let executable = try requireExecutable()
      if let shell {
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", shell, executable] + arguments
      } else {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
      }
      let stdout = Pipe()
      let stderr = Pipe()
      process.standardOutput = stdout
      process.standardError = stderr
      let stdin = Pipe()
      process.standardInput = stdin
      // A command may exit before reading all of its input (too long, say): the test process then
      // gets EPIPE, never SIGPIPE.
      signal(SIGPIPE, SIG_IGN)
      try process.launchAlone()
      if let bytes { try? stdin.fileHandleForWriting.write(contentsOf: bytes) }
      try stdin.fileHandleForWriting.close()
      return (process, stdout, stderr)
    }

    /// Runs `Notebook` to completion with raw bytes on standard input, or through a shell script.
    @discardableResult
    static func run(_ arguments: [String], bytes: Data?, shell: String? = nil) throws -> Result {
      finish(try start(arguments, bytes: bytes, shell: shell))
    }

    /// Collects a started process's output once it has ended; one still running after
    /// `timeLimit` is killed, so that a command that would wait forever fails its test instead of
    /// stalling the run.
    static func finish(
      _ started: (Child, stdout: Pipe, stderr: Pipe), timeLimit: Duration = .seconds(60)
    ) -> Result {
      let watchdog = started.0.killIfRunning(after: timeLimit)
      defer { watchdog.cancel() }
      let output = started.stdout.fileHandleForReading.readDataToEndOfFile()
      let error = started.stderr.fileHandleForReading.readDataToEndOfFile()
      started.0.waitUntilExit()
      return Result(
        status: started.0.terminationStatus, reason: started.0.terminationReason,
        output: String(decoding: output, as: UTF8.self),
        error: String(decoding: error, as: UTF8.self)
      )
    }

    /// Runs `Notebook` to completion, within ``BuiltProduct/run(_:arguments:input:output:timeLimit:)``'s
    /// time limit.
    @discardableResult
    static func run(_ arguments: [String], input: String? = nil) throws -> Result {
      let run = try BuiltProduct.run(
        URL(fileURLWithPath: try requireExecutable()), arguments: arguments, input: input ?? "")
      return Result(
        status: run.status, reason: run.reason, output: run.standardOutput,
        error: run.standardError)
    }
  }
#endif
