// What the snippets in NapkinTesting's doc comments assume: a clock, an order service, a
// configured global and a few values made earlier in a test. .ci/snippets/check.py compiles each
// snippet together with this file.
import Airframe
import Foundation
import Napkin
import NapkinTesting
import Testing

let clock = TestClock()
let start = clock.now

nonisolated struct Order: Equatable, Sendable {
  let id: Int
}

nonisolated struct ServerError: Error {}

nonisolated protocol OrderService: Sendable {
  func orders() async throws -> [Order]
  func cancel(orderID: Int) async throws
}

/// A model that reloads after a delay on the clock it is given.
nonisolated final class RefreshModel: Sendable {
  func refreshAfterDelay(clock: some Clock<Duration>) async throws {
    try await clock.sleep(for: .seconds(5))
  }
}

let model = RefreshModel()

/// An object that something else keeps alive.
nonisolated final class Session: Sendable {}

let keptAlive = Session()

let error = UnimplementedError(name: "OrderService.cancel")
let failure = collectFailures { unimplemented("Analytics.track") }[0]

nonisolated struct SyncConfig: Sendable {
  var localDirectory: String

  static let global = Configured<SyncConfig>()
  static var shared: SyncConfig { global.value }
  static let testing = SyncConfig(localDirectory: NSTemporaryDirectory())

  static func temporary() throws -> SyncConfig {
    SyncConfig(localDirectory: try makeTemporaryDirectory())
  }
}

nonisolated func makeTemporaryDirectory() throws -> String {
  let path = NSTemporaryDirectory() + "notebook-" + UUID().uuidString
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}
