import BoundedHTTP
import NapkinTesting
import Testing

@testable import Shop

// Child processes: only where Foundation.Process exists.
#if os(macOS) || os(Linux) || os(Windows)

  @MainActor
  @Suite(.timeLimit(.minutes(1)))
  struct ShopRunnerTests {
    @Test func demoPrintsTheDocumentsThreeLines() async {
      let terminal = RecordingTerminal()
      let status = await terminal.runner().run(["demo"])
      #expect(status == .success)
      #expect(
        terminal.output == [
          "loaded: [1, 2]",
          "after cancelling #1: [2] no error",
          "after cancelling #2: [2] Couldn't cancel order #2.",
        ])
      #expect(terminal.errors.isEmpty)
    }

    @Test func ordersPrintsTheScreenFromTheServer() async throws {
      try await OrderServer.with { server throws in
        let terminal = RecordingTerminal()
        let status = await terminal.runner().run([
          "orders", "--base-url", server.url().absoluteString,
        ])
        #expect(status == .success)
        #expect(terminal.output == ["Orders\n  #1   $40.00\n  #2   $15.50"])
        #expect(terminal.errors.isEmpty)
      }
    }

    @Test(arguments: [
      ("status/500", "the server answered HTTP 500"),
      ("status/404", "the server answered HTTP 404"),
      ("malformed", "the server's answer is not the expected JSON"),
      ("slow", "the server did not answer in time; try a larger --timeout"),
    ])
    func everyServerFailureOfOrdersIsTheModelsMessageAndAFailureStatus(
      mode: String, reason: String
    ) async throws {
      try await OrderServer.with { server throws in
        let terminal = RecordingTerminal()
        // Only the slow route gets a short timeout: a timeout is a bet on timing, and the other
        // routes must not lose it on a busy machine.
        let timeout = mode == "slow" ? "0.3" : "20"
        let status = await terminal.runner().run([
          "orders", "--base-url", server.url(mode).absoluteString, "--timeout", timeout,
        ])
        #expect(status == .failure)
        #expect(terminal.errors == ["Couldn't load orders.\nReason: \(reason)."])
        #expect(terminal.output.isEmpty)
      }
    }

    @Test(arguments: [
      ("empty", "the server closed the connection without answering"),
      (
        "garbage",
        "the server's reply is not HTTP; check that --base-url names the shop's HTTP port"
      ),
      ("close-mid-body", "the server closed the connection in the middle of its answer"),
      (
        "redirect-loop",
        "the server redirected more than 5 times (a redirect loop?); check --base-url"
      ),
      (
        "gzip-bomb",
        "the server's answer is larger than the 8 MiB Shop accepts (counted after decompression)"
      ),
    ])
    func aServerThatWasReachedIsNeverCalledUnreachable(mode: String, reason: String) async throws {
      // All of these printed "could not be reached (URL error …); check that the server is running".
      try await OrderServer.with { server throws in
        let terminal = RecordingTerminal()
        let status = await terminal.runner().run([
          "orders", "--base-url", server.url(mode).absoluteString, "--timeout", "30",
        ])
        #expect(status == .failure)
        #expect(terminal.errors == ["Couldn't load orders.\nReason: \(reason)."])
      }
    }

    @Test func aCancelRedirectedToASignInPageFailsAndSaysWhy() async throws {
      try await OrderServer.with { server throws in
        let terminal = RecordingTerminal()
        let status = await terminal.runner().run([
          "cancel", "2", "--base-url", server.url("cancel-redirect-login/302").absoluteString,
        ])
        #expect(status == .failure)
        #expect(terminal.output.isEmpty)
        #expect(
          terminal.errors == [
            "Couldn't cancel order #2.\nReason: the server answered HTTP 302, a redirect to "
              + "http://127.0.0.1:\(server.port)/login; Shop never resends a cancel to another "
              + "address, so it cannot tell whether the order was cancelled; run `Shop orders` to see."
          ])
      }
    }

    @Test func anUppercaseSchemeReachesTheServer() async throws {
      try await OrderServer.with { server throws in
        let terminal = RecordingTerminal()
        let status = await terminal.runner().run([
          "orders", "--base-url", "HTTP://127.0.0.1:\(server.port)",
        ])
        #expect(status == .success)
        #expect(terminal.output == ["Orders\n  #1   $40.00\n  #2   $15.50"])
      }
    }

    @Test func aPortOutOfRangeIsAUsageError() async {
      let terminal = RecordingTerminal()
      let status = await terminal.runner().run(["orders", "--base-url", "http://127.0.0.1:99999"])
      #expect(status == .usage)
      #expect(
        terminal.errors == [
          "Shop: --base-url has port 99999; a port is a number from 1 to 65535.\n"
            + "Run `Shop --help` for usage."
        ])
    }

    @Test func watchAgainstAFailingServerSaysWhyOnAReasonLine() async throws {
      try await OrderServer.with { server throws in
        let terminal = RecordingTerminal()
        let status = await terminal.runner().run([
          "watch", "--base-url", server.url("status/500").absoluteString, "--every", "0.01",
          "--times", "3",
        ])
        #expect(status == .failure)
        #expect(terminal.output.last == "Orders\n  (none)\n! Couldn't load orders.")
        // Three failed loads for one reason: one line.
        #expect(terminal.errors == ["Reason: the server answered HTTP 500."])
      }
    }

    @Test func watchSaysWhenTheReasonChangesAndNotWhileItStays() async throws {
      let clock = TestClock()
      let answers = AnswerQueue<[Order]>([
        .failure(ServerError(.status(500))), .failure(ServerError(.status(500))),
        .success(Order.samples), .failure(ServerError(.status(500))),
        .failure(ServerError(.timedOut)),
      ])
      let terminal = RecordingTerminal()
      let runner = terminal.runner(clock: clock) { _ in
        AppDependencies(orders: ScriptedOrderService(onOrders: { try answers.next() }))
      }
      let watching = Task {
        await runner.run([
          "watch", "--base-url", "http://shop.test", "--every", "1", "--times", "5",
        ])
      }
      for _ in 1...4 {
        try await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(1))
      }

      #expect(await watching.value == .failure)
      #expect(
        terminal.errors == [
          "Reason: the server answered HTTP 500.", "Reason: the server answered HTTP 500.",
          "Reason: the server did not answer in time; try a larger --timeout.",
        ])
    }

    @Test func watchStopsADrippingServerAtTheDeadline() async throws {
      // Without a deadline for the whole request, the first load never ends.
      try await OrderServer.with { server throws in
        let terminal = RecordingTerminal()
        let status = await terminal.runner().run([
          "watch", "--base-url", server.url("drip").absoluteString, "--timeout", "1", "--times",
          "1",
        ])
        #expect(status == .failure)
        #expect(
          terminal.errors == ["Reason: the server did not answer in time; try a larger --timeout."])
      }
    }

    @Test func aRefusedConnectionIsAFailureStatusNotACrash() async throws {
      let server = try OrderServer.start()
      let url = server.url()
      server.stop()
      let terminal = RecordingTerminal()
      let status = await terminal.runner().run(["cancel", "1", "--base-url", url.absoluteString])
      #expect(status == .failure)
      #expect(
        terminal.errors == [
          "Couldn't load orders.\nReason: the server could not be reached (connection refused); "
            + "check --base-url and that the server is running."
        ])
    }

    @Test func cancelCancelsOnTheServerAndShowsWhatIsLeft() async throws {
      try await OrderServer.with { server throws in
        let terminal = RecordingTerminal()
        let base = server.url().absoluteString
        #expect(await terminal.runner().run(["cancel", "2", "--base-url", base]) == .success)
        #expect(terminal.output == ["Cancelled order #2.\nOrders\n  #1   $40.00"])

        #expect(await terminal.runner().run(["cancel", "2", "--base-url", base]) == .failure)
        #expect(terminal.errors == ["There is no order #2; the server lists #1."])
      }
    }

    @Test func aCancelTheServerRejectsIsTheModelsMessage() async throws {
      try await OrderServer.with { server throws in
        let terminal = RecordingTerminal()
        let status = await terminal.runner().run([
          "cancel", "1", "--base-url", server.url("cancel-fails").absoluteString,
        ])
        #expect(status == .failure)
        #expect(
          terminal.errors == ["Couldn't cancel order #1.\nReason: the server answered HTTP 500."])
      }
    }

    @Test func theLiveCommandsGetTheirServerFromTheOptions() async {
      let terminal = RecordingTerminal()
      var asked: [ShopCommand.ServerOptions] = []
      let runner = terminal.runner { options in
        asked.append(options)
        return AppDependencies(orders: ScriptedOrderService(onOrders: { [] }))
      }
      let status = await runner.run(["orders", "--base-url", "https://shop.test", "--timeout", "2"])
      #expect(status == .success)
      #expect(asked.map(\.baseURL.absoluteString) == ["https://shop.test"])
      #expect(asked.map(\.timeout) == [.seconds(2)])
      #expect(terminal.output == ["Orders\n  (none)"])
    }

    @Test func aUsageErrorSaysWhatIsWrongAndExitsWithUsageStatus() async {
      let terminal = RecordingTerminal()
      let status = await terminal.runner().run(["cancel", "two", "--base-url", "http://x"])
      #expect(status == .usage)
      #expect(
        terminal.errors == [
          "Shop: order id must be a whole number; got 'two'.\nRun `Shop --help` for usage."
        ])
    }

    @Test func aUsageErrorEchoesTheArgumentWithItsControlCharactersEscaped() async {
      let terminal = RecordingTerminal()
      let status = await terminal.runner().run([
        "orders", "--base-url", "http://shop\u{1B}]0;x\u{07}",
      ])
      #expect(status == .usage)
      #expect(
        terminal.errors == [
          "Shop: --base-url must be an http or https URL such as http://127.0.0.1:8080; "
            + "got 'http://shop\\u{1B}]0;x\\u{7}'.\nRun `Shop --help` for usage."
        ])
    }

    @Test func aReasonFromAFailingServiceIsEscapedForTheTerminal() async {
      struct Hostile: Error, CustomStringConvertible {
        var description: String { "proxy said \u{1B}[2J\u{1B}]52;c;eA==\u{07}" }
      }
      let terminal = RecordingTerminal()
      let runner = terminal.runner { _ in
        AppDependencies(orders: ScriptedOrderService(onOrders: { throw Hostile() }))
      }
      #expect(await runner.run(["orders", "--base-url", "http://shop.test"]) == .failure)
      #expect(
        terminal.errors == [
          "Couldn't load orders.\nReason: proxy said \\u{1B}[2J\\u{1B}]52;c;eA==\\u{7}."
        ])
    }

    @Test func helpPrintsTheUsage() async {
      let terminal = RecordingTerminal()
      #expect(await terminal.runner().run(["--help"]) == .success)
      #expect(terminal.output == [ShopCommand.usage])
    }

    @Test func watchReloadsOnTheClockAndRedrawsWhenTheModelChanges() async throws {
      let clock = TestClock()
      let answers = AnswerQueue<[Order]>([
        .success(Order.samples), .success([Order(id: 2, total: 15.5)]),
      ])
      let terminal = RecordingTerminal()
      let runner = terminal.runner(clock: clock) { _ in
        AppDependencies(orders: ScriptedOrderService(onOrders: { try answers.next() }))
      }

      let watching = Task {
        await runner.run([
          "watch", "--base-url", "http://shop.test", "--every", "5", "--times", "2",
        ])
      }
      try await clock.waitForSleepers(count: 1)
      #expect(answers.remaining == 1)  // one load so far; the second waits for the clock
      await clock.advance(by: .seconds(5))

      #expect(await watching.value == .success)
      #expect(answers.remaining == 0)
      #expect(
        terminal.output == [
          "Orders\n  (none)",
          "Orders\n  #1   $40.00\n  #2   $15.50",
          "Orders\n  #2   $15.50",
        ])
    }
  }
#endif
