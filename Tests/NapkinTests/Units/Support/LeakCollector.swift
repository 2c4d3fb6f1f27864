import Napkin

/// A leak detector whose reports a test can read.
@MainActor
final class LeakCollector {
  private(set) var reports: [LeakReport] = []
  private(set) lazy var detector = LeakDetector(gracePeriod: gracePeriod) { [weak self] in
    self?.reports.append($0)
  }
  private let gracePeriod: Duration

  init(gracePeriod: Duration = .milliseconds(100)) {
    self.gracePeriod = gracePeriod
  }
}
