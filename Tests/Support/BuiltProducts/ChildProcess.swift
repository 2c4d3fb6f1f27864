import Foundation

#if os(Linux)
  import Glibc

  /// A child process that the tests start and reap themselves, so that a kill can never reach
  /// another process that was given the child's pid.
  ///
  /// ```swift
  /// let child = ChildProcess()
  /// child.executableURL = URL(fileURLWithPath: "/bin/sleep")
  /// child.arguments = ["60"]
  /// try child.launchAlone()
  /// let watchdog = child.killIfRunning(after: .seconds(1))
  /// defer { watchdog.cancel() }
  /// child.waitUntilExit()  // child.terminationReason == .uncaughtSignal
  /// ```
  ///
  /// Why not `Foundation.Process`: it reaps its child on a thread of its own and only then
  /// clears `isRunning`, so `if isRunning { kill(pid, SIGKILL) }` can signal a pid that has been
  /// reaped in between and handed to an unrelated process. A pid stays with its process until
  /// its parent reaps it, and here the reap and every kill take one lock: the reaping thread
  /// waits for the exit without reaping (`WNOWAIT`), then reaps and records the end under the
  /// lock, and a kill is sent under the same lock only while no end is recorded.
  ///
  /// The same surface as the `Process` members the tests use, so a caller moves over by
  /// creating a `ChildProcess` instead of a `Process`.
  ///
  /// Threading: configure and launch from one thread; after ``launchAlone()`` every member may be
  /// used from any thread.
  public final class ChildProcess: @unchecked Sendable {
    // SAFETY: the configuration (`executableURL`, `arguments`, the three streams) is written
    // only before `launchAlone()` and read only by it, on the caller's thread, as with `Process`.
    // `processIdentifier` is written once, in `launchAlone()`, before the reaping thread starts
    // and before the call returns, and only read afterwards. `end` is read and written only
    // while `ended` is locked.

    /// The program to run.
    public var executableURL: URL?
    /// Its arguments, without the program's own name.
    public var arguments: [String] = []
    /// A `Pipe` or a `FileHandle` for the child's standard input; `nil` inherits the tests'.
    public var standardInput: Any?
    /// A `Pipe` or a `FileHandle` for the child's standard output; `nil` inherits the tests'.
    public var standardOutput: Any?
    /// A `Pipe` or a `FileHandle` for the child's standard error; `nil` inherits the tests'.
    public var standardError: Any?

    /// The child's pid; 0 before ``launchAlone()``.
    public private(set) var processIdentifier: pid_t = 0

    /// Guards `end` and wakes ``waitUntilExit()``: an `NSCondition`, by the project's lock rule
    /// (CONTRIBUTING.md, "Locks"), because waiters block until the child has ended.
    private let ended = NSCondition()
    private var end: (status: Int32, reason: Process.TerminationReason)?

    /// A child to configure and launch.
    public init() {}

    /// Starts the child, never at the same moment as another child the tests start (see
    /// `Process.launchAlone()`), with every descriptor but its three streams closed.
    public func launchAlone() throws {
      guard let executableURL else { throw POSIXError(.ENOENT) }
      let streams = [
        Self.descriptor(standardInput, readEnd: true),
        Self.descriptor(standardOutput, readEnd: false),
        Self.descriptor(standardError, readEnd: false),
      ]
      let pid = try withLaunchLock {
        try Self.spawn(executableURL.path, arguments, streams: streams)
      }
      processIdentifier = pid
      // The parent's copies of the child's ends: with them open, a reader never sees the end of
      // the child's output, and the child never sees the end of its input.
      if let pipe = standardInput as? Pipe { try? pipe.fileHandleForReading.close() }
      if let pipe = standardOutput as? Pipe { try? pipe.fileHandleForWriting.close() }
      if let pipe = standardError as? Pipe { try? pipe.fileHandleForWriting.close() }
      Thread.detachNewThread { [self] in reap() }
    }

    /// Sends `signal` to the child unless it has been reaped: never to another process.
    ///
    /// - Returns: whether the signal was sent.
    @discardableResult
    public func send(_ signal: Int32) -> Bool {
      ended.lock()
      defer { ended.unlock() }
      guard end == nil else { return false }
      return kill(processIdentifier, signal) == 0
    }

    /// Sends SIGTERM to the child unless it has been reaped, as `Process.terminate()` sends it,
    /// but never to another process.
    ///
    /// A child started from a Dispatch thread inherits its blocked SIGTERM, which then stays
    /// pending; a child that must end for certain is sent SIGKILL, or its input is closed.
    ///
    /// - Returns: whether the signal was sent.
    @discardableResult
    public func terminate() -> Bool {
      send(SIGTERM)
    }

    /// Kills the child if it still runs after `limit`: the bound on a test that waits for it.
    /// Cancel the returned watchdog once the child has ended.
    ///
    /// SIGKILL, not SIGTERM: a child starts with the signal mask of the thread that started it,
    /// and Dispatch's threads block SIGTERM.
    @discardableResult
    public func killIfRunning(after limit: Duration) -> Watchdog {
      Watchdog(after: limit) { [self] in send(SIGKILL) }
    }

    /// Whether the child has not been reaped yet.
    public var isRunning: Bool {
      ended.lock()
      defer { ended.unlock() }
      return end == nil
    }

    /// Returns once the child has ended and been reaped.
    public func waitUntilExit() {
      _ = waitForEnd()
    }

    /// The exit status, or the signal's number for a crash; call after ``waitUntilExit()``.
    public var terminationStatus: Int32 { waitForEnd().status }

    /// `.exit` for a child that ended by itself, `.uncaughtSignal` for a crash; call after
    /// ``waitUntilExit()``.
    public var terminationReason: Process.TerminationReason { waitForEnd().reason }

    private func waitForEnd() -> (status: Int32, reason: Process.TerminationReason) {
      ended.lock()
      defer { ended.unlock() }
      while end == nil { ended.wait() }
      return end!
    }

    /// Waits for the child to end, then reaps it and records how, under the lock every kill
    /// takes: the pid is the child's until that moment, and no kill is sent after it.
    private func reap() {
      var info = siginfo_t()
      while waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOWAIT) != 0 {
        // Only an interrupted wait is retried: the child is ours, so no other error can occur.
        precondition(errno == EINTR, "BuiltProducts: waitid failed with errno \(errno)")
      }
      ended.lock()
      defer { ended.unlock() }
      var status: Int32 = 0
      while waitpid(processIdentifier, &status, 0) != processIdentifier {
        precondition(errno == EINTR, "BuiltProducts: waitpid failed with errno \(errno)")
      }
      // The wait status as <sys/wait.h> lays it out: the low seven bits are the signal that
      // ended the child, 0 for an exit whose status is the next byte.
      let signal = status & 0x7f
      end = signal == 0 ? ((status >> 8) & 0xff, .exit) : (signal, .uncaughtSignal)
      ended.broadcast()
    }

    /// The descriptor `stream` gives the child, or `nil` to inherit the tests' own.
    private static func descriptor(_ stream: Any?, readEnd: Bool) -> Int32? {
      switch stream {
      case let pipe as Pipe:
        (readEnd ? pipe.fileHandleForReading : pipe.fileHandleForWriting).fileDescriptor
      case let handle as FileHandle: handle.fileDescriptor
      default: nil
      }
    }

    /// Spawns `path` with `arguments`: `streams` become descriptors 0, 1 and 2 (`nil` keeps the
    /// tests' own), and every other descriptor open at this moment is closed in the child.
    ///
    /// Closed by name, because `posix_spawn_file_actions_addclosefrom_np` is not in Swift's
    /// Glibc module: the descriptors are listed under the launch lock, so no other child's
    /// launch can open one in between (another thread's other work still can, as for `Process`,
    /// which lists them the same way). A descriptor closed in between is no error: glibc's
    /// `posix_spawn` ignores a close action on a descriptor that is not open.
    private static func spawn(
      _ path: String, _ arguments: [String], streams: [Int32?]
    ) throws -> pid_t {
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      for (target, source) in streams.enumerated() {
        if let source { posix_spawn_file_actions_adddup2(&actions, source, Int32(target)) }
      }
      for descriptor in openDescriptors() where descriptor > 2 {
        posix_spawn_file_actions_addclose(&actions, descriptor)
      }
      // SAFETY: each `strdup` copy is a NUL-terminated string that lives until the `free`s
      // below, after `posix_spawn` has returned (the child has its own copy by then), and the
      // array ends with the `nil` that `posix_spawn` expects.
      let argv = ([path] + arguments).map { strdup($0) } + [nil]
      defer {
        for argument in argv { free(argument) }
      }
      // A process group of its own, as `Process` gives its children: a signal meant for the test
      // run (a terminal's Ctrl-C) does not reach the child directly.
      var attributes = posix_spawnattr_t()
      posix_spawnattr_init(&attributes)
      defer { posix_spawnattr_destroy(&attributes) }
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
      posix_spawnattr_setpgroup(&attributes, 0)
      var pid: pid_t = 0
      let status = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
      guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
      return pid
    }

    /// The descriptors open in this process, from `/proc/self/fd`.
    private static func openDescriptors() -> [Int32] {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
      return names.compactMap { Int32($0) }
    }
  }
#endif
