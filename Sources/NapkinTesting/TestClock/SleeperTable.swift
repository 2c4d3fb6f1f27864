/// The state of a ``TestClock``: its time and the tasks suspended on it.
///
/// A plain value that only decides: every transition runs inside the clock's `Mutex` and returns
/// the ``Resumption``s to perform once the lock is released, so no continuation is ever resumed
/// under the lock. Generic over the continuation so that tests can drive the transitions with
/// plain values.
///
/// A waiter goes through three phases. `begin` reserves its identifier (`.starting`), because the
/// cancellation handler may run before the continuation exists; `suspend` hands over the
/// continuation (`.suspended`); a wake-up, a cancellation or an immediate answer removes it. A
/// cancellation that arrives while `.starting` is remembered (`.cancelledWhileStarting`) and
/// answered by `suspend`, so no waiter is lost and none is resumed twice.
struct SleeperTable<Continuation> {
  /// What a waiter waits for.
  enum Wait: Equatable {
    /// A sleeper, woken when the clock reaches `deadline`.
    case deadline(TestClock.Instant)
    /// A test waiting until at least `count` sleepers are suspended.
    case sleepers(count: Int)
  }

  /// How a suspended waiter is to be resumed.
  enum Outcome: Equatable {
    case wake
    case cancel
  }

  /// A continuation to resume after the lock is released.
  struct Resumption {
    let continuation: Continuation
    let outcome: Outcome
  }

  fileprivate enum Phase {
    case starting
    case cancelledWhileStarting
    case suspended(Wait, Continuation)
  }

  /// The clock's current time.
  private(set) var now: TestClock.Instant

  // Identifiers grow with every `begin`, so ordering by identifier is ordering by arrival: it breaks
  // ties between sleepers with the same deadline.
  private var nextID: UInt64 = 0
  private var waiters: [UInt64: Phase] = [:]

  // Where the advances in progress are taking time. Relative advances start from here rather than
  // from `now`, so that concurrent `advance(by:)` calls add up instead of overlapping.
  private var horizon: TestClock.Instant

  init(now: TestClock.Instant) {
    self.now = now
    horizon = now
  }

  /// Claims the next `duration` of time for one advance and returns where that advance ends.
  mutating func claimAdvance(by duration: Duration) -> TestClock.Instant {
    horizon = max(horizon, now).advanced(by: duration)
    return horizon
  }

  /// Records that an advance is taking time to `deadline`.
  mutating func claimAdvance(to deadline: TestClock.Instant) {
    horizon = max(horizon, deadline)
  }

  /// The number of sleepers suspended until a deadline.
  var sleeperCount: Int {
    waiters.values.reduce(0) { count, phase in
      if case .suspended(.deadline, _) = phase { count + 1 } else { count }
    }
  }

  /// The number of identifiers still held, in any phase: zero once everything has been answered.
  var entryCount: Int { waiters.count }

  /// Reserves an identifier for a waiter that is about to suspend.
  mutating func begin() -> UInt64 {
    let id = nextID
    nextID += 1
    waiters[id] = .starting
    return id
  }

  /// Hands over the continuation of waiter `id`; answers at once when there is nothing to wait for.
  mutating func suspend(
    _ id: UInt64, until wait: Wait, continuation: Continuation
  ) -> [Resumption] {
    guard case .starting = waiters[id] else {
      // `.cancelledWhileStarting`: the task was cancelled before it could suspend.
      waiters[id] = nil
      return [Resumption(continuation: continuation, outcome: .cancel)]
    }
    switch wait {
    case .deadline(let deadline) where deadline <= now:
      waiters[id] = nil
      return [Resumption(continuation: continuation, outcome: .wake)]
    case .sleepers(let count) where sleeperCount >= count:
      waiters[id] = nil
      return [Resumption(continuation: continuation, outcome: .wake)]
    case .deadline:
      waiters[id] = .suspended(wait, continuation)
      return releaseSatisfiedCountWaiters()
    case .sleepers:
      waiters[id] = .suspended(wait, continuation)
      return []
    }
  }

  /// Cancels waiter `id`: removes it and throws `CancellationError` in it, or, if it has not
  /// suspended yet, makes its `suspend` do so. Cancelling an answered waiter does nothing.
  mutating func cancel(_ id: UInt64) -> [Resumption] {
    switch waiters[id] {
    case .starting:
      waiters[id] = .cancelledWhileStarting
      return []
    case .suspended(_, let continuation):
      waiters[id] = nil
      return [Resumption(continuation: continuation, outcome: .cancel)]
    case .cancelledWhileStarting, nil:
      return []
    }
  }

  /// Moves time to the earliest deadline not later than `target` and removes the sleepers due then,
  /// in arrival order. Returns `nil`, with time moved to `target`, when no sleeper is due.
  ///
  /// Waking one deadline at a time lets a woken sleeper observe its own deadline as `now`, and lets
  /// the caller give it a chance to run before later sleepers wake.
  mutating func wakeEarliest(notAfter target: TestClock.Instant) -> [Resumption]? {
    let earliest = waiters.values.compactMap { phase -> TestClock.Instant? in
      guard case .suspended(.deadline(let deadline), _) = phase, deadline <= target else {
        return nil
      }
      return deadline
    }.min()
    guard let earliest else {
      now = max(now, target)
      return nil
    }
    now = max(now, earliest)
    var due: [(id: UInt64, continuation: Continuation)] = []
    for (id, phase) in waiters {
      if case .suspended(.deadline(let deadline), let continuation) = phase, deadline == earliest {
        due.append((id, continuation))
      }
    }
    due.sort { $0.id < $1.id }
    for sleeper in due { waiters[sleeper.id] = nil }
    return due.map { Resumption(continuation: $0.continuation, outcome: .wake) }
  }

  private mutating func releaseSatisfiedCountWaiters() -> [Resumption] {
    let sleepers = sleeperCount
    var released: [Resumption] = []
    for (id, phase) in waiters {
      if case .suspended(.sleepers(let count), let continuation) = phase, count <= sleepers {
        waiters[id] = nil
        released.append(Resumption(continuation: continuation, outcome: .wake))
      }
    }
    return released
  }
}

extension SleeperTable: Sendable where Continuation: Sendable {}
extension SleeperTable.Resumption: Sendable where Continuation: Sendable {}
extension SleeperTable.Phase: Sendable where Continuation: Sendable {}
extension SleeperTable.Wait: Sendable {}
