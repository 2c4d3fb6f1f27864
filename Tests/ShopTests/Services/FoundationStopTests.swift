import Testing

// Child processes: only where Foundation.Process exists.
#if os(macOS) || os(Linux) || os(Windows)

  /// Replies on which swift-corelibs-foundation's URLSession stops the program ("Transfer
  /// completed, but there's no response", swift-corelibs-foundation#5285), one of them legal HTTP.
  /// They run against the built program, so that a program stopped so fails its test instead of
  /// taking the test run down with it.
  @Suite(.timeLimit(.minutes(1)))
  struct FoundationStopTests {
    @Test(arguments: ["trailers", "many-trailers"])
    func aChunkedAnswerWithTrailerFieldsIsAnswered(mode: String) async throws {
      // `curl` accepts this answer; Shop stopped on it in 51 ms (exit 132). The timeout is one no
      // loaded machine reaches: the claim is the answer, not its speed.
      try await OrderServer.with { server throws in
        let plain = try BuiltShop.run(
          ["orders", "--base-url", server.url().absoluteString], output: .captured)
        let run = try BuiltShop.run(
          ["orders", "--base-url", server.url(mode).absoluteString, "--timeout", "60"],
          output: .captured)

        #expect(run.reason == .exit)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == plain.standardOutput)
        #expect(run.standardOutput.contains("#1"))
      }
    }

    @Test func trailerFieldsWithoutEndStopAtTheTimeout() async throws {
      // With 20,000 trailer fields Shop ran 7.8 s past `--timeout 3` before it stopped; fields
      // sent for ever are cut off by the deadline, whatever the machine's load.
      try await OrderServer.with { server throws in
        let run = try BuiltShop.run(
          [
            "orders", "--base-url", server.url("endless-trailers").absoluteString, "--timeout", "1",
          ],
          output: .captured)

        #expect(run.reason == .exit)
        #expect(run.status == 1)
        #expect(
          run.standardError.contains("the server did not answer in time"), "\(run.standardError)")
      }
    }

    @Test(arguments: ["head-cut", "continue-head-cut"])
    func aHeadCutShortByTheServerIsAnEmptyReply(mode: String) async throws {
      try await OrderServer.with { server throws in
        let run = try BuiltShop.run(
          ["orders", "--base-url", server.url(mode).absoluteString, "--timeout", "60"],
          output: .captured)

        #expect(run.reason == .exit)
        #expect(run.status == 1)
        #expect(
          run.standardError.contains("the server closed the connection without answering"),
          "\(run.standardError)")
      }
    }
  }
#endif
