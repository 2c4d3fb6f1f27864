/// An ordered record of lifecycle events, shared by the fakes of one test.
@MainActor
final class EventLog {
  private(set) var events: [String] = []

  func record(_ event: String) {
    events.append(event)
  }

  func clear() {
    events = []
  }
}
