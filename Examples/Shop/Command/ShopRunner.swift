import TerminalIO

/// Runs a command line: parses it, wires the services and drives the orders model.
///
/// The process's outputs, the services and the clock come in through the initializer, so tests run
/// every command in-process with fakes and a manual clock.
///
/// Threading: main actor, where the model lives.
@MainActor
struct ShopRunner {
  var output: @MainActor (String) -> Void
  var errorOutput: @MainActor (String) -> Void
  /// The wiring for a command's server: the document's ``AppDependencies/live`` for the
  /// production server, the same service pointed elsewhere for `--base-url` or `--timeout`.
  var dependencies: @MainActor (ShopCommand.ServerOptions) -> AppDependencies = { server in
    guard server != .production else { return AppDependencies.live }
    return AppDependencies.live(baseURL: server.baseURL, timeout: server.timeout)
  }
  var clock: any Clock<Duration> = ContinuousClock()

  /// Runs the command line as the kernel passed it (``RawArguments``): an argument that is not
  /// UTF-8 is refused with status 64, never changed into another one (U+FFFD would make Shop
  /// request a path the user did not type).
  func run(rawArguments: [[UInt8]]) async -> ExitCode {
    let arguments: [String]
    do throws(UsageError) {
      arguments = try RawArguments.decoded(rawArguments, program: "Shop")
    } catch {
      errorOutput("Shop: \(error.description)\nRun `Shop --help` for usage.")
      return .usage
    }
    return await run(arguments)
  }

  /// Runs the command line `arguments` (without the program's name).
  func run(_ arguments: [String]) async -> ExitCode {
    let command: ShopCommand
    do {
      command = try ShopCommand.parse(arguments)
    } catch {
      errorOutput("Shop: \(TerminalText.escaped(error.description))\nRun `Shop --help` for usage.")
      return .usage
    }
    switch command {
    case .help:
      output(ShopCommand.usage)
      return .success
    case .demo:
      return await demo()
    case .orders(let server):
      let (screen, service) = recordingScreen(server)
      return await listOrders(screen, service)
    case .cancel(let id, let server):
      let (screen, service) = recordingScreen(server)
      return await cancelOrder(id, screen, service)
    case .watch(let server, let every, let times):
      let (screen, service) = recordingScreen(server)
      return await watch(screen, service, every, times)
    }
  }

  /// The screen on the live service for `server`, wrapped so that why a call failed is kept for
  /// ``report(_:_:)``.
  private func recordingScreen(
    _ server: ShopCommand.ServerOptions
  ) -> (OrdersTerminalScreen, FailureRecordingOrderService) {
    let service = FailureRecordingOrderService(wrapping: dependencies(server).orders)
    return (OrdersTerminalScreen(dependencies: AppDependencies(orders: service)), service)
  }

  /// Writes the model's message, then the reason the service recorded.
  private func report(_ message: String, _ service: FailureRecordingOrderService) -> ExitCode {
    if let reason = service.lastFailureReason {
      errorOutput("\(message)\nReason: \(TerminalText.escaped(reason)).")
    } else {
      errorOutput(message)
    }
    return .failure
  }

  /// The document's "Try the logic", line for line.
  private func demo() async -> ExitCode {
    let service = FakeOrderService(stored: Order.samples, failingCancels: [2])
    let model = OrdersModel(service: service)
    await model.load()
    output("loaded: \(model.orders.map(\.id))")
    for label in ["after cancelling #1:", "after cancelling #2:"] {
      guard let first = model.orders.first else { break }
      await model.cancel(first)
      output("\(label) \(model.orders.map(\.id)) \(model.error ?? "no error")")
    }
    return .success
  }

  private func listOrders(
    _ screen: OrdersTerminalScreen, _ service: FailureRecordingOrderService
  ) async -> ExitCode {
    let model = screen.model
    await model.load()
    if let error = model.error {
      return report(error, service)
    }
    output(screen.render())
    return .success
  }

  private func cancelOrder(
    _ id: Int, _ screen: OrdersTerminalScreen, _ service: FailureRecordingOrderService
  ) async -> ExitCode {
    let model = screen.model
    await model.load()
    if let error = model.error {
      return report(error, service)
    }
    guard let order = model.orders.first(where: { $0.id == id }) else {
      let listed = model.orders.map { "#\($0.id)" }.joined(separator: ", ")
      errorOutput("There is no order #\(id); the server lists \(listed.isEmpty ? "none" : listed).")
      return .failure
    }
    await model.cancel(order)
    if let error = model.error {
      return report(error, service)
    }
    output("Cancelled order #\(id).\n" + screen.render())
    return .success
  }

  /// Reloads on a timer while a ``TerminalHost`` redraws the screen whenever the model changes.
  ///
  /// The screen shows the model's error; why the load failed goes to standard error as a `Reason:`
  /// line, once per failure that differs from the one before, so a server that stays down does not
  /// fill the terminal.
  private func watch(
    _ screen: OrdersTerminalScreen, _ service: FailureRecordingOrderService, _ every: Duration,
    _ times: Int?
  ) async -> ExitCode {
    let model = screen.model
    let host = TerminalHost(render: screen.render, write: output)
    host.start()
    defer { host.finish() }
    var reloads = 0
    var lastReason: String?
    while true {
      await model.load()
      reloads += 1
      let reason = model.error == nil ? nil : service.lastFailureReason
      if let reason, reason != lastReason {
        errorOutput("Reason: \(TerminalText.escaped(reason)).")
      }
      lastReason = reason
      if let times, reloads >= times { break }
      do {
        try await clock.sleep(for: every)
      } catch {
        break  // cancelled: stop watching
      }
    }
    return model.error == nil ? .success : .failure
  }
}
