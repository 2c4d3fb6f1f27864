import Airframe
import NotebookStorage

/// Everything the sync subsystem needs that is only known at launch: the one configured global of
/// this program.
///
/// ```swift
/// SyncConfig.configure(
///   SyncConfig(localDirectory: "/home/ada/.notebook", account: "ada", remoteDirectory: nil))
/// let directory = SyncConfig.shared.localDirectory
/// ```
///
/// Every component reads `SyncConfig.shared` directly; there is no root "service" object holding
/// the config and the components. Values derived from it (file paths) are computed, never
/// configured.
///
/// Threading: a `Sendable` value; `configure` once at launch, read from anywhere.
nonisolated struct SyncConfig: Sendable {
  /// The directory holding this machine's notebooks.
  var localDirectory: String
  /// Who is writing: recorded as each note's author.
  var account: String
  /// Another machine's copy of the data, which `sync` exchanges changes with; `nil` when this
  /// machine has none.
  var remoteDirectory: String?
  /// The host's answer to "what is this machine called?", recorded with each edit so that a
  /// conflict copy says which machine its text came from; `nil` when the host cannot answer, and
  /// copies stay unlabelled.
  var deviceName: (@Sendable () -> String)?
  /// How long to wait for a notebook's lock that another process holds, and where to say so.
  var lockWait: LockWait = .standard

  /// The configured global; tests run bodies with `SyncConfig.global.withScratchValue`.
  static let global = Configured<SyncConfig>()

  /// The configured value; reading it before ``configure(_:)`` stops the program.
  static var shared: SyncConfig { global.value }

  /// Call once at launch, before anything reads the sync stack.
  static func configure(_ config: SyncConfig) {
    global.configure(config)
  }
}

extension NotebookRef {
  /// A notebook called `name` in the configured local directory: a path derived from the config,
  /// computed, never configured.
  nonisolated init(_ name: String) throws(NotebookError) {
    try self.init(name, in: SyncConfig.shared.localDirectory)
  }
}
