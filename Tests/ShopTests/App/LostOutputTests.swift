import Testing

// Child processes: only where Foundation.Process exists.
#if os(macOS) || os(Linux) || os(Windows)

  /// The built program with a standard output that cannot be written: the screen was not shown, so
  /// the command failed. `print` dropped the error and `Shop demo >/dev/full` exited 0.
  @Suite(.timeLimit(.minutes(1)))
  struct LostOutputTests {
    @Test func aFullDiskIsAFailureThatSaysSo() throws {
      let run = try BuiltShop.run(["demo"], output: .full)

      #expect(run.reason == .exit)
      #expect(run.status == 1)
      #expect(run.standardError == "Shop: could not write the output: No space left on device.\n")
    }

    @Test func aClosedStandardOutputIsAFailureThatSaysSo() throws {
      let run = try BuiltShop.run(["--help"], output: .closed)

      #expect(run.reason == .exit)
      #expect(run.status == 1)
      #expect(run.standardError == "Shop: could not write the output: Bad file descriptor.\n")
    }

    @Test func watchStopsAtTheFirstFrameItCannotShow() async throws {
      // Without --times, a watch whose screen goes nowhere would poll the server until killed.
      try await OrderServer.with { server throws in
        let run = try BuiltShop.run(
          ["watch", "--base-url", server.url().absoluteString, "--every", "0.1"], output: .full)

        #expect(run.reason == .exit)
        #expect(run.status == 1)
        #expect(run.standardError == "Shop: could not write the output: No space left on device.\n")
      }
    }
  }
#endif
