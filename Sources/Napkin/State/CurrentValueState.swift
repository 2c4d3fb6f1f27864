/// The state machine behind ``CurrentValue``: the value, its version, and the readers parked
/// until it changes. Its storage, ``CurrentValueStorage``, runs every transition under one lock.
///
/// The invariants:
/// - `version` counts the values set; a reader remembers the version it saw last, and a reader
///   whose version is behind reads the current value without waiting, so a slow reader skips to
///   the latest value and nothing is ever buffered;
/// - a reader is in `parked` only while it waits for a version after the one it saw, and leaves
///   it exactly once: woken by a set, by `finish` or by its cancellation. A woken reader reads
///   the state again when it runs, so it gets the value current then, not the one that woke it;
/// - a parked reader's task is uncounted in its ``TaskActivity`` when it parks and counted again
///   when it is taken out of `parked`, inside the same transition, so `settle()` never sees a
///   task that is about to run as idle;
/// - once `isFinished`, nothing parks again: a reader gets the value it has not seen, then the
///   end.
struct CurrentValueState<Value: Sendable> {
  /// A reader waiting for a change, and the activity of the task it parks.
  struct Parked {
    let continuation: CheckedContinuation<Void, Never>
    let activity: TaskActivity?
  }

  /// A value handed to a reader, with the version it is.
  struct Delivery: Sendable {
    let value: Value
    let version: UInt64
  }

  /// What a reader does next.
  enum Read {
    case deliver(Delivery)
    case end
    case park
  }

  private(set) var value: Value
  private var version: UInt64 = 0
  private var isFinished = false
  private var parked: [UInt64: Parked] = [:]
  private var nextReader: UInt64 = 0

  init(_ value: Value) {
    self.value = value
  }

  /// A fresh reader id.
  mutating func makeReader() -> UInt64 {
    defer { nextReader += 1 }
    return nextReader
  }

  /// Changes the value; returns the parked readers to wake, already counted as busy.
  mutating func set(_ body: (inout Value) -> Void) -> [Parked] {
    body(&value)
    version &+= 1
    return takeParked()
  }

  /// What reader `seen` (the version it saw last, `nil` before its first value) does next.
  func read(seen: UInt64?) -> Read {
    if seen != version { return .deliver(Delivery(value: value, version: version)) }
    return isFinished ? .end : .park
  }

  /// Parks reader `id` unless the value changed, the state finished or its task was cancelled
  /// since it looked; returns whether it parked (if not, it reads again at once).
  mutating func park(_ id: UInt64, seen: UInt64?, _ reader: Parked, isCancelled: Bool) -> Bool {
    guard case .park = read(seen: seen), !isCancelled else { return false }
    parked[id] = reader
    reader.activity?.leave()
    return true
  }

  /// Takes reader `id` out of `parked`, if it is there, for its task's cancellation.
  mutating func cancel(_ id: UInt64) -> Parked? {
    let reader = parked.removeValue(forKey: id)
    reader?.activity?.enter()
    return reader
  }

  /// Ends the state: no reader parks again; returns the parked readers to end.
  mutating func finish() -> [Parked] {
    isFinished = true
    return takeParked()
  }

  private mutating func takeParked() -> [Parked] {
    let readers = Array(parked.values)
    parked = [:]
    for reader in readers { reader.activity?.enter() }
    return readers
  }
}
