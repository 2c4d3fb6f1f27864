import Napkin

extension TestClock {
  /// A point in a ``TestClock``'s time: the duration since the clock started.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let deadline = clock.now.advanced(by: .seconds(5))
  /// #expect(clock.now.duration(to: deadline) == .seconds(5))
  /// ```
  ///
  /// Threading: a value type; `Sendable`.
  public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    /// How far this instant lies from the clock's start.
    ///
    /// ```swift
    /// #expect(TestClock.Instant(offset: .seconds(2)).offset == .seconds(2))
    /// ```
    ///
    /// Threading: immutable.
    public let offset: Swift.Duration

    /// Creates the instant that lies `offset` after the clock's start.
    ///
    /// ```swift
    /// let clock = TestClock(now: TestClock.Instant(offset: .seconds(100)))
    /// ```
    ///
    /// Threading: a value type; call it anywhere.
    public init(offset: Swift.Duration = .zero) {
      self.offset = offset
    }

    /// The instant `duration` later (or earlier, when negative); past the last instant a
    /// `Duration` can hold, that last instant.
    ///
    /// ```swift
    /// let later = clock.now.advanced(by: .milliseconds(250))
    /// ```
    ///
    /// Threading: a value type; call it anywhere.
    public func advanced(by duration: Swift.Duration) -> Instant {
      // Saturated: a test may advance by `.seconds(Int64.max)` more than once.
      Instant(offset: offset.saturatingAdding(duration))
    }

    /// The duration from this instant to `other`; negative when `other` is earlier.
    ///
    /// ```swift
    /// #expect(start.duration(to: start.advanced(by: .seconds(1))) == .seconds(1))
    /// ```
    ///
    /// Threading: a value type; call it anywhere.
    public func duration(to other: Instant) -> Swift.Duration {
      other.offset - offset
    }

    /// Orders instants by their distance from the clock's start.
    ///
    /// ```swift
    /// #expect(clock.now < clock.now.advanced(by: .nanoseconds(1)))
    /// ```
    ///
    /// Threading: a value type; call it anywhere.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }

    /// The offset from the clock's start, for failure messages: `+1.5 seconds`.
    ///
    /// ```swift
    /// print(clock.now)  // +0.0 seconds
    /// ```
    ///
    /// Threading: a value type; call it anywhere.
    public var description: String {
      "+\(offset)"
    }
  }
}
