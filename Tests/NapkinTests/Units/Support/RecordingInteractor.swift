import Napkin

/// An interactor that logs its hooks as `"<name> active"` and `"<name> resign"`.
@MainActor
final class RecordingInteractor: Interactor {
  let name: String
  private let log: EventLog
  /// What `isActive` was while `willResignActive()` ran.
  private(set) var wasActiveWhileResigning: Bool?

  init(_ name: String, log: EventLog) {
    self.name = name
    self.log = log
  }

  override func didBecomeActive() {
    log.record("\(name) active")
  }

  override func willResignActive() {
    wasActiveWhileResigning = isActive
    log.record("\(name) resign")
  }
}
