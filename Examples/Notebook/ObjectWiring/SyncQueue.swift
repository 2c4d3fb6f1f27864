import Airframe

/// The process's queue for background sync work: shared because every caller wants the same one.
///
/// ```swift
/// SyncQueue.sharedInstance.addOperation { try await SyncManager.shared.sync() }
/// ```
///
/// The initializer stays callable: an independent queue is coherent, and a test may build one.
///
/// Threading: `Sendable`; operations run one at a time, first in, first out.
nonisolated final class SyncQueue: Sendable {
  /// The queue the program uses.
  static let sharedInstance = SyncQueue()

  private let runner = SerialRunner(label: "SyncQueue")

  init() {}

  /// Queues `operation` behind the earlier ones; await the returned task for its result.
  @discardableResult
  func addOperation<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) -> Task<
    T, any Error
  > {
    runner.submit(operation)
  }

  /// Runs `operation` after the earlier ones, on the calling task, and returns its result.
  func run<T>(
    isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> T
  ) async throws -> T {
    try await runner.run(operation)
  }
}
