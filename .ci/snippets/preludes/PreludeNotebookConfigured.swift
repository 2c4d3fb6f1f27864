// What the Airframe articles' test snippets assume: a configured `SyncConfig`, the one writer
// that reads it, and a scratch directory. .ci/snippets/check.py compiles each snippet with this file.
import Airframe
import Foundation
import Testing

nonisolated struct SyncConfig: Sendable {
  var localDirectory: String
  var account: String
  var remoteDirectory: String?

  static let global = Configured<SyncConfig>()
  static var shared: SyncConfig { global.value }
}

nonisolated struct NotebookRef: Hashable, Sendable {
  let name: String

  init(_ name: String) throws { self.name = name }
}

nonisolated struct Note: Sendable {
  let text: String
}

nonisolated final class SyncManager: Sendable {
  static let shared = SyncManager()
  private init() {}

  func add(_ text: String, to notebook: NotebookRef) async throws -> Note {
    _ = SyncConfig.shared.localDirectory
    return Note(text: text)
  }
}

let tmp = NSTemporaryDirectory()
