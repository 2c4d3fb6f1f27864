/// Counts how often a cleanup tied to an interactor ran.
@MainActor
final class CleanupCounter {
  private(set) var runs = 0

  /// A cleanup that records its run here.
  var cleanup: @MainActor @Sendable () -> Void {
    { [self] in runs += 1 }
  }
}
