/// The longest step of one sleep: about 136 years. A sleep's deadline is handed to the system as
/// whole nanoseconds in 64 bits, which a duration past about 292 years from the clock's start
/// does not fit: `Task.sleep(for: .seconds(Int64.max))` traps with "Not enough bits". A step of
/// this size fits on any clock that has run for less than 150 years.
package let longestSleepStep = Duration.seconds(1 << 32)

/// Sleeps on the continuous clock for `duration`, whatever its size: a duration too long for one
/// sleep is slept in steps, so any `Duration` a caller passes is accepted and none traps. A
/// duration of zero or less returns at once.
///
/// Throws `CancellationError` when the task is cancelled, as `Task.sleep` does.
package func sleepAnyDuration(_ duration: Duration) async throws {
  var remaining = duration
  while remaining > .zero {
    let step = min(remaining, longestSleepStep)
    try await Task.sleep(for: step)
    remaining -= step
  }
}

/// `instant + duration`, or the latest instant that one sleep can wait for when the sum would
/// be later: a deadline to sleep until, for any `duration`.
package func sleepableDeadline(
  after instant: ContinuousClock.Instant, by duration: Duration
) -> ContinuousClock.Instant {
  instant + min(duration, longestSleepStep)
}

extension Duration {
  /// Whole milliseconds, saturated at `Int64`'s bounds instead of trapping: for messages.
  package var saturatedMilliseconds: Int64 {
    let milliseconds = attoseconds / 1_000_000_000_000_000
    if milliseconds > Int128(Int64.max) { return .max }
    if milliseconds < Int128(Int64.min) { return .min }
    return Int64(milliseconds)
  }
}

extension Duration {
  /// `self + other`, or the largest or smallest `Duration` instead of trapping: for a test
  /// clock's time, which repeated huge advances would otherwise overflow.
  package func saturatingAdding(_ other: Duration) -> Duration {
    let (sum, overflow) = attoseconds.addingReportingOverflow(other.attoseconds)
    if !overflow { return Duration(attoseconds: sum) }
    return Duration(attoseconds: other.attoseconds > 0 ? .max : .min)
  }
}
