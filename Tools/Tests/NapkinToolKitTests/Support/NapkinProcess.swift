import Foundation

/// Runs the built `napkin` executable as a separate process, the way a user or CI does.
enum NapkinProcess {
  struct Result {
    var status: Int32
    var output: String
    var errors: String
    /// The process ran past its time limit and was stopped.
    var timedOut = false
  }

  /// Long enough for any run the tests make on a loaded machine; it bounds a hang, so that a
  /// regression to exponential or quadratic time fails the test instead of stalling the run.
  static let defaultTimeLimit = Duration.seconds(120)

  /// The `napkin` binary in the build folder, next to the test bundle.
  static var executable: URL {
    let candidates = [
      Bundle.main.bundleURL.appendingPathComponent("napkin"),
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("napkin"),
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("napkin"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
      ?? candidates[0]
  }

  /// How many children the tests run at once: the machines building this have two cores,
  /// and a test that builds a package is a child that uses both.
  static let simultaneousChildren = 2

  /// The most of a child's output the tests read, per stream.
  static let outputLimit = 64 << 20

  static func run(
    _ arguments: [String],
    input: String? = nil,
    in folder: String? = nil,
    standardOutput: String? = nil,
    timeLimit: Duration = defaultTimeLimit
  ) throws -> Result {
    try run(
      executable, arguments, input: input, in: folder, standardOutput: standardOutput,
      timeLimit: timeLimit)
  }

  /// Runs `executable`: the one way the tests start a child. Its output goes to files, so that
  /// neither stream can fill a pipe and stall the child while the other is being read;
  /// `standardOutput` names another file (`/dev/full`) for the child's output.
  static func run(
    _ executable: URL,
    _ arguments: [String],
    input: String? = nil,
    in folder: String? = nil,
    standardOutput: String? = nil,
    environment: [String: String]? = nil,
    timeLimit: Duration = defaultTimeLimit
  ) throws -> Result {
    slots.wait()
    running.withLock {
      $0.now += 1
      $0.peak = max($0.peak, $0.now)
    }
    defer {
      running.withLock { $0.now -= 1 }
      slots.signal()
    }
    let scratch = try ScratchFolder()
    let outputPath = try scratch.write("stdout", "")
    let errorPath = try scratch.write("stderr", "")
    let inputPath = try scratch.write("stdin", input ?? "")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let folder {
      process.currentDirectoryURL = URL(fileURLWithPath: folder)
    }
    if let environment {
      process.environment = environment
    }
    process.standardOutput = try FileHandle(
      forWritingTo: URL(fileURLWithPath: standardOutput ?? outputPath))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputPath))
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try launching.withLock { try process.run() }
    let seconds = Double(timeLimit.components.seconds)
    let timedOut = exited.wait(timeout: .now() + seconds) == .timedOut
    if timedOut {
      // SIGKILL: a child spawned from a test thread inherits its blocked signals, SIGTERM too.
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    return Result(
      status: process.terminationStatus,
      output: try prefix(of: outputPath),
      errors: try prefix(of: errorPath),
      timedOut: timedOut)
  }

  private static func prefix(of path: String) throws -> String {
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    return String(decoding: try handle.read(upToCount: outputLimit) ?? Data(), as: UTF8.self)
  }

  private static let slots = DispatchSemaphore(value: simultaneousChildren)

  /// The children running now, and the most that ever ran at once.
  static let running = RunningChildren()
}

/// The count behind ``NapkinProcess/running``, behind an `NSLock`, by the project's lock rule
/// (CONTRIBUTING.md, "Locks"): ThreadSanitizer sees pthread's hand-offs, not a contended
/// `Mutex`'s.
final class RunningChildren: @unchecked Sendable {
  // SAFETY: `counts` is read and written only inside `lock.withLock`, in `withLock(_:)`, and
  // `lock` is a `let`.
  private let lock = NSLock()
  private var counts = (now: 0, peak: 0)

  /// Runs `body` with exclusive access to the counts.
  func withLock<Result>(_ body: (inout (now: Int, peak: Int)) throws -> Result) rethrows -> Result {
    try lock.withLock { try body(&counts) }
  }
}

/// Held while a child starts. swift-corelibs-foundation learns that a child ended when a socket
/// the child holds open closes; a child started at the same moment on another thread can
/// inherit that socket and keep its sibling's end unnoticed (commit 261eb0b of the main
/// package's tests). An `NSLock`, by the project's lock rule (CONTRIBUTING.md, "Locks"), as
/// the main package's `launchAlone()` uses.
private let launching = NSLock()
