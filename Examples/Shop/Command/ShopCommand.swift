import Foundation
import TerminalIO

/// What the user asked for on the command line.
///
/// Threading: a value type; `Sendable`.
enum ShopCommand: Equatable, Sendable {
  case help
  case demo
  case orders(ServerOptions)
  case cancel(orderID: Int, ServerOptions)
  case watch(ServerOptions, every: Duration, times: Int?)

  /// Where the live service is and how long a request may take.
  struct ServerOptions: Equatable, Sendable {
    var baseURL: URL
    var timeout: Duration = .seconds(10)

    /// No `--base-url` and no `--timeout`: the production server, which ``AppDependencies/live``
    /// wires.
    static let production = ServerOptions(baseURL: AppDependencies.productionBaseURL)
  }

  static let usage = """
    Usage: Shop <command> [options]

    Commands:
      demo                         Run the orders model against a fake service (no network).
      orders [--base-url URL]      List the orders on the server.
      cancel ID [--base-url URL]   Cancel order ID (optimistically; rolled back if the server fails).
      watch [--base-url URL]       Reload the orders every --every seconds and redraw the screen.

    Options:
      --base-url URL      The shop server, e.g. http://127.0.0.1:8080 (http or https); the
                          default is the production server, https://api.example.com.
      --timeout SECONDS   The deadline of each request, from connecting to the last byte of
                          the answer, redirects included (default 10).
      --every SECONDS     watch: the time between reloads (default 5).
      --times N           watch: stop after N reloads (default: until interrupted).
      -h, --help          Show this help.

    An answer may be at most 8 MiB (after decompression). A cancel never follows a
    redirect; a read follows up to 5, on the same scheme, host and port.

    Exit status: 0 on success, 1 when the server fails or the output cannot be written,
    64 on a usage error.
    """

  /// Parses the arguments after the program name.
  static func parse(_ arguments: [String]) throws(UsageError) -> ShopCommand {
    var parser = try Arguments(arguments, program: "Shop", options: options)
    if parser.wantsHelp { return .help }
    guard let name = parser.nextPositional() else {
      throw UsageError("missing command; expected demo, orders, cancel or watch.")
    }
    let command: ShopCommand
    switch name {
    case "demo":
      command = .demo
    case "orders":
      command = .orders(try server(&parser))
    case "cancel":
      guard let text = parser.nextPositional() else {
        throw UsageError("cancel needs the id of the order, e.g. `Shop cancel 2 --base-url URL`.")
      }
      guard let id = Int(text) else {
        throw UsageError("order id must be a whole number; got '\(TerminalText.echoed(text))'.")
      }
      command = .cancel(orderID: id, try server(&parser))
    case "watch":
      let server = try server(&parser)
      let every = try ShopOptions.seconds(parser.take("--every"), for: "--every") ?? .seconds(5)
      let times = try ShopOptions.count(parser.take("--times"), for: "--times")
      command = .watch(server, every: every, times: times)
    default:
      throw UsageError(
        "unknown command '\(TerminalText.echoed(name))'; expected demo, orders, cancel or watch.")
    }
    try parser.finish()
    return command
  }

  private static let options: [Arguments.Option] = [
    .init("--base-url", takes: "a URL, e.g. `--base-url http://127.0.0.1:8080`"),
    .init("--timeout", takes: "a number of seconds, e.g. `--timeout 5`"),
    .init("--every", takes: "a number of seconds, e.g. `--every 5`"),
    .init("--times", takes: "a number of reloads, e.g. `--times 3`"),
  ]

  /// `--base-url` (the production server by default) and `--timeout`.
  private static func server(_ parser: inout Arguments) throws(UsageError) -> ServerOptions {
    var server = ServerOptions.production
    if let text = parser.take("--base-url") { server.baseURL = try ShopOptions.baseURL(text) }
    if let timeout = try ShopOptions.seconds(parser.take("--timeout"), for: "--timeout") {
      server.timeout = timeout
    }
    return server
  }
}
