import BuiltProducts
import Foundation
import Testing

#if os(Linux)
  import Glibc

  /// The tests' children are reaped by the tests, so a kill never reaches a reused pid.
  ///
  /// What these cases cannot show is today's `Process.killIfRunning(after:)` failing: it reads
  /// `isRunning` and then kills by pid, and the pid can be handed on only inside Foundation's
  /// manager thread, between its `waitpid` and its `isRunning = false`, a window no test can
  /// widen from outside `Process`. What they pin instead is the guarantee that replaces the
  /// check: once ``ChildProcess`` has reaped its child, no kill goes out, even with the pid given
  /// to a new process (steered there through `/proc/sys/kernel/ns_last_pid`). That setting is
  /// the kernel's, shared by every process of the pid namespace: the test that writes it runs
  /// only where CI says so (`NAPKIN_PID_NAMESPACE=1`), in a namespace CI made for it alone
  /// (`.ci/run test`: `unshare --pid --fork --mount-proc`), never on a user's machine, where it
  /// would steer the pids of every other program, and race the other tests that start processes.
  @Suite struct ChildProcessTests {
    @Test func aChildsEndReadsAsProcessReportsIt() throws {
      let exited = child("/bin/sh", "-c", "echo out; exit 3")
      let output = Pipe()
      exited.standardOutput = output
      try exited.launchAlone()
      let text = output.fileHandleForReading.readDataToEndOfFile()
      exited.waitUntilExit()
      #expect(String(decoding: text, as: UTF8.self) == "out\n")
      #expect(exited.terminationReason == .exit)
      #expect(exited.terminationStatus == 3)

      let crashed = child("/bin/sh", "-c", "kill -9 $$")
      try crashed.launchAlone()
      crashed.waitUntilExit()
      #expect(crashed.terminationReason == .uncaughtSignal)
      #expect(crashed.terminationStatus == SIGKILL)
    }

    @Test func theWatchdogKillsAChildThatOutlivesItsLimit() throws {
      let sleeper = child("/bin/sleep", "60")
      try sleeper.launchAlone()
      let watchdog = sleeper.killIfRunning(after: .milliseconds(100))
      defer { watchdog.cancel() }
      sleeper.waitUntilExit()
      #expect(sleeper.terminationReason == .uncaughtSignal)
      #expect(sleeper.terminationStatus == SIGKILL)
      #expect(!sleeper.isRunning)
    }

    @Test func terminateSignalsARunningChildAndNothingOnceItIsReaped() throws {
      let sleeper = child("/bin/sleep", "60")
      try sleeper.launchAlone()
      let watchdog = sleeper.killIfRunning(after: .seconds(30))
      defer { watchdog.cancel() }
      // Sent, whether or not the thread that started the child blocks SIGTERM (it stays pending
      // then); the SIGKILL below ends the child either way.
      #expect(sleeper.terminate())
      sleeper.send(SIGKILL)
      sleeper.waitUntilExit()
      #expect(sleeper.terminationReason == .uncaughtSignal)
      #expect(!sleeper.terminate())
    }

    @Test(
      .enabled(
        if: inPidNamespaceOfItsOwn,
        "writes /proc/sys/kernel/ns_last_pid: only in the pid namespace `.ci/run test` makes for it"
      ))
    func aKillAfterTheReapNeverReachesTheProcessGivenTheSamePid() throws {
      // CI said this namespace is the test's own: a setting it cannot write is CI's mistake, to
      // be seen, not skipped.
      try #require(
        access(nextPidSetting, W_OK) == 0,
        "NAPKIN_PID_NAMESPACE=1, but \(nextPidSetting) is not writable: run as root")
      let ended = child("/bin/true")
      try ended.launchAlone()
      ended.waitUntilExit()
      let pid = ended.processIdentifier

      let newcomer = try #require(try processGiven(pid))
      defer {
        newcomer.send(SIGKILL)
        newcomer.waitUntilExit()
      }
      #expect(newcomer.processIdentifier == pid)
      #expect(!ended.send(SIGKILL))
      let watchdog = ended.killIfRunning(after: .zero)
      defer { watchdog.cancel() }
      Thread.sleep(forTimeInterval: 0.2)
      #expect(newcomer.isRunning)
    }

    /// A running `sleep` that the kernel gave `pid`, or `nil` when other processes kept taking
    /// it first.
    private func processGiven(_ pid: pid_t) throws -> ChildProcess? {
      for _ in 0..<50 {
        try "\(pid - 1)".write(toFile: nextPidSetting, atomically: false, encoding: .utf8)
        let candidate = child("/bin/sleep", "60")
        try candidate.launchAlone()
        if candidate.processIdentifier == pid { return candidate }
        candidate.send(SIGKILL)
        candidate.waitUntilExit()
      }
      return nil
    }

    private func child(_ path: String, _ arguments: String...) -> ChildProcess {
      let child = ChildProcess()
      child.executableURL = URL(fileURLWithPath: path)
      child.arguments = arguments
      return child
    }
  }

  /// The kernel's setting of the last pid given in this pid namespace; the next one follows it.
  private let nextPidSetting = "/proc/sys/kernel/ns_last_pid"

  /// Whether CI started this run in a pid namespace of its own, where steering the next pid
  /// touches no other program: only `.ci/run test` sets `NAPKIN_PID_NAMESPACE=1`, for the run it
  /// starts under `unshare --pid --fork --mount-proc`, with only this suite's tests in it.
  private let inPidNamespaceOfItsOwn =
    ProcessInfo.processInfo.environment["NAPKIN_PID_NAMESPACE"] == "1"
#endif
