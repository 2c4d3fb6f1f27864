import Foundation
import Testing

@testable import Shop

@MainActor
@Suite struct AppDependenciesTests {
  @Test func thePreviewShowsTheSampleOrdersWithoutANetwork() async {
    let screen = OrdersTerminalScreen(dependencies: .preview)
    await screen.model.load()
    #expect(screen.render() == "Orders\n  #1   $40.00\n  #2   $15.50")
  }

  @Test func aWholeCommandRunsOnFakeBoundariesThroughTheRealRunnerModelAndScreen() async {
    // The boundaries are one value: the runner, the failure recording, the model and the screen
    // are the real ones, only the orders service is a fake.
    let terminal = RecordingTerminal()
    let runner = terminal.runner { _ in
      AppDependencies(orders: FakeOrderService(stored: Order.samples, failingCancels: [1]))
    }

    #expect(await runner.run(["cancel", "2", "--base-url", "https://shop.test"]) == .success)
    #expect(await runner.run(["cancel", "1", "--base-url", "https://shop.test"]) == .failure)

    #expect(terminal.output == ["Cancelled order #2.\nOrders\n  #1   $40.00"])
    #expect(
      terminal.errors == ["Couldn't cancel order #1.\nReason: the server refused the request."])
  }

  @Test func theLiveWiringTalksToTheShopsAPI() throws {
    let service = try #require(AppDependencies.live.orders as? LiveOrderService)
    #expect(service.baseURL.absoluteString == "https://api.example.com")

    let url = try #require(URL(string: "http://127.0.0.1:9"))
    let wiring = AppDependencies.live(baseURL: url, timeout: .seconds(3))
    let local = try #require(wiring.orders as? LiveOrderService)
    #expect(local.baseURL.absoluteString == "http://127.0.0.1:9")
    #expect(local.timeout == .seconds(3))
  }
}
