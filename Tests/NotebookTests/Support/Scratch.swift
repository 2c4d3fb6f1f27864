import Foundation
import NotebookStorage

@testable import Notebook

/// A fresh directory under the system's temporary directory, never the home folder.
func makeTemporaryDirectory() throws -> String {
  let path = NSTemporaryDirectory() + "notebook-tests-" + UUID().uuidString
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
}

/// One simulated machine: a local data directory, sharing a remote directory with others.
struct Machine {
  let config: SyncConfig

  var directory: String { config.localDirectory }

  /// Runs `body` as this machine: with its config as the scratch `SyncConfig` of this task tree.
  func run<R>(_ body: () async throws -> R) async rethrows -> R {
    try await SyncConfig.global.withScratchValue(config, operation: body)
  }
}

/// Runs `body` with machines `count` sharing one remote, in fresh temporary directories that are
/// removed afterwards.
func withMachines<R>(
  _ count: Int = 1, _ body: ([Machine], _ remote: String) async throws -> R
) async throws -> R {
  let root = try makeTemporaryDirectory()
  defer { try? FileManager.default.removeItem(atPath: root) }
  let remote = root + "/remote"
  // Sync never creates its remote: the shared one exists, as a user makes it once.
  try FileManager.default.createDirectory(atPath: remote, withIntermediateDirectories: true)
  let machines = (0..<count).map { index in
    Machine(
      config: SyncConfig(
        localDirectory: "\(root)/machine\(index)", account: "tester\(index)",
        remoteDirectory: remote, deviceName: { "device\(index)" }))
  }
  return try await body(machines, remote)
}

/// Runs `body` as one machine with its own temporary directories.
func withMachine<R>(_ body: (Machine) async throws -> R) async throws -> R {
  try await withMachines(1) { machines, _ in try await body(machines[0]) }
}

extension Machine {
  /// Syncs this machine with `other`'s data directory as its remote: any topology of pairs.
  func sync(with other: Machine) async throws -> SyncReport {
    var config = config
    config.remoteDirectory = other.directory
    try FileManager.default.createDirectory(
      atPath: other.directory, withIntermediateDirectories: true)
    return try await SyncConfig.global.withScratchValue(config) {
      try await SyncManager.shared.sync()
    }
  }
}
