import Foundation
import TerminalIO
import Testing

@testable import Shop

@Suite struct ShopCommandTests {
  private static let local = URL(string: "http://127.0.0.1:8080")!

  @Test func theCommandsParse() throws {
    #expect(try ShopCommand.parse(["demo"]) == .demo)
    #expect(try ShopCommand.parse(["--help"]) == .help)
    #expect(try ShopCommand.parse(["orders", "-h"]) == .help)
    #expect(
      try ShopCommand.parse(["orders", "--base-url", "http://127.0.0.1:8080"])
        == .orders(.init(baseURL: Self.local)))
    #expect(
      try ShopCommand.parse(["cancel", "--base-url=http://127.0.0.1:8080", "7", "--timeout", "2.5"])
        == .cancel(orderID: 7, .init(baseURL: Self.local, timeout: .seconds(2.5))))
    #expect(
      try ShopCommand.parse(["watch", "--base-url", "http://127.0.0.1:8080", "--times", "3"])
        == .watch(.init(baseURL: Self.local), every: .seconds(5), times: 3))
  }

  @Test func withoutABaseURLACommandUsesTheServerThatAppDependenciesLiveWires() throws {
    #expect(try ShopCommand.parse(["orders"]) == .orders(.production))
    #expect(
      try ShopCommand.parse(["orders", "--timeout", "2"])
        == .orders(.init(baseURL: AppDependencies.productionBaseURL, timeout: .seconds(2))))
    let live = try #require(AppDependencies.live.orders as? LiveOrderService)
    #expect(live.baseURL == ShopCommand.ServerOptions.production.baseURL)
  }

  @Test(arguments: ["HTTP://127.0.0.1:8080", "Http://127.0.0.1:8080", "hTtP://127.0.0.1:8080"])
  func theSchemeOfTheBaseURLIsCaseInsensitiveAndLowercased(text: String) throws {
    // URLSession accepts only a lowercase scheme: `HTTP://` passed the check, then every request
    // failed.
    #expect(
      try ShopCommand.parse(["orders", "--base-url", text]) == .orders(.init(baseURL: Self.local)))
  }

  @Test func anHTTPSBaseURLAndAPortAtTheEdgesAreAccepted() throws {
    let parsed = try ShopCommand.parse(["orders", "--base-url", "HTTPS://shop.example:65535/api"])
    #expect(parsed == .orders(.init(baseURL: URL(string: "https://shop.example:65535/api")!)))
    #expect(
      try ShopCommand.parse(["orders", "--base-url", "http://127.0.0.1:1"])
        == .orders(.init(baseURL: URL(string: "http://127.0.0.1:1")!)))
  }

  @Test(arguments: [
    ([], "missing command; expected demo, orders, cancel or watch."),
    (
      ["orders", "--base-url", "http://127.0.0.1:99999"],
      "--base-url has port 99999; a port is a number from 1 to 65535."
    ),
    (
      ["orders", "--base-url", "http://127.0.0.1:0"],
      "--base-url has port 0; a port is a number from 1 to 65535."
    ),
    (
      ["orders", "--base-url", "HTTPX://shop"],
      "--base-url must be an http or https URL such as http://127.0.0.1:8080; got 'HTTPX://shop'."
    ),
    (["sell"], "unknown command 'sell'; expected demo, orders, cancel or watch."),
    (
      ["orders", "--base-url", "ftp://shop"],
      "--base-url must be an http or https URL such as http://127.0.0.1:8080; got 'ftp://shop'."
    ),
    (
      ["orders", "--base-url", "shop.example"],
      "--base-url must be an http or https URL such as http://127.0.0.1:8080; got 'shop.example'."
    ),
    (
      ["orders", "--base-url"],
      "--base-url needs a URL, e.g. `--base-url http://127.0.0.1:8080`."
    ),
    (
      ["orders", "--base-url", "http://a", "--base-url", "http://b"],
      "--base-url is given twice; give it once."
    ),
    (
      ["orders", "--base-url", "http://a", "--timeout", "0"],
      "--timeout takes a number of seconds above 0 and at most 86400; got '0'."
    ),
    (
      ["orders", "--base-url", "http://a", "--timeout", "soon"],
      "--timeout takes a number of seconds above 0 and at most 86400; got 'soon'."
    ),
    (
      ["orders", "--base-url", "http://a", "--every", "1"],
      "--every does not apply to this command. Try `Shop --help`."
    ),
    (
      ["orders", "--base-url", "http://a", "extra"],
      "unexpected argument `extra`. Try `Shop --help`."
    ),
    (
      ["cancel", "--base-url", "http://a"],
      "cancel needs the id of the order, e.g. `Shop cancel 2 --base-url URL`."
    ),
    (["cancel", "2.5", "--base-url", "http://a"], "order id must be a whole number; got '2.5'."),
    (["demo", "--verbose"], "unknown option `--verbose`. Try `Shop --help`."),
    (
      ["demo", "--base-url", "http://a"],
      "--base-url does not apply to this command. Try `Shop --help`."
    ),
    (
      ["watch", "--base-url", "http://a", "--times", "0"],
      "--times takes a whole number of at least 1; got '0'."
    ),
  ])
  func badCommandLinesSayWhatIsWrong(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try ShopCommand.parse(arguments) }
  }
}
