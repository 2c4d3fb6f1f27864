import Airframe
import Foundation
import NapkinTesting
import NotebookStorage  // XcodeNotebookStorage, through the package's module alias
import Testing

@testable import Notebook  // XcodeNotebook, through the package's module alias

/// A test target's own helper: main-actor isolated in this module, which `scratchConfig` accepts.
func scratchDirectory() throws -> String {
  let path = NSTemporaryDirectory() + "xcode-defaults-" + UUID().uuidString
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// Notebook's Airframe patterns (a configured global, per-key stores behind a private context, a
/// serial runner) used from a module with Xcode 26's default isolation.
@Suite(
  .scratchConfig(SyncConfig.global) {
    SyncConfig(localDirectory: try scratchDirectory(), account: "ada", remoteDirectory: nil)
  })
struct AirframePatternTests {
  @Test func eachTestSeesItsScratchConfig() {
    #expect(SyncConfig.shared.localDirectory.contains("xcode-defaults-"))
  }

  @Test func oneNotebookHasOneStoreFromEveryThread() async throws {
    let notebook = try NotebookRef("groceries")
    let here = NoteStore.shared(for: notebook)
    let there = await Task.detached { NoteStore.shared(for: notebook) }.value
    #expect(here === there)
  }

  @Test func aSerialRunnerRunsJobsInOrder() async throws {
    let runner = SerialRunner(label: "xcode-defaults")
    let order = Order()
    let first = runner.submit { await order.append(1) }
    let second = runner.submit { await order.append(2) }
    _ = try await (first.value, second.value)
    #expect(await order.values == [1, 2])
  }

  actor Order {
    private(set) var values: [Int] = []
    func append(_ value: Int) { values.append(value) }
  }
}
