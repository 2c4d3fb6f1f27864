/// The serial runner's state machine: who runs, who waits in which order, and what must happen
/// after the lock is released.
///
/// Every transition is a pure mutation that returns a ``RunnerAction``; the runner performs the
/// action (resuming a continuation) only after releasing its lock, so a resumed job never finds the
/// lock still held.
struct RunnerState: ~Copyable {
  /// A queued job: its ticket and, once its task has suspended, the continuation to resume.
  struct Waiter {
    let ticket: UInt64
    var continuation: CheckedContinuation<Void, any Error>?
  }

  /// Whether a job holds the turn (running, or granted and about to run).
  private(set) var isBusy = false
  private var nextTicket: UInt64 = 0
  /// Jobs waiting for their turn, oldest first, from index `head` on.
  private var waiters: [Waiter] = []
  private var head = 0
  /// A ticket given the turn before its continuation was attached; it runs as soon as it attaches.
  private var grantedEarly: UInt64?
  /// Tickets cancelled before their continuation was attached; they fail as soon as they attach.
  private var cancelledEarly: Set<UInt64> = []

  /// The number of jobs waiting for their turn.
  var waitingCount: Int { waiters.count - head }

  /// Takes a place in line: the turn itself when the runner is idle, else the back of the queue.
  mutating func reserve() -> (ticket: UInt64, hasTurn: Bool) {
    let ticket = nextTicket
    nextTicket += 1
    if !isBusy {
      isBusy = true
      return (ticket, true)
    }
    waiters.append(Waiter(ticket: ticket))
    return (ticket, false)
  }

  /// A waiting job's task has suspended on `continuation`.
  mutating func attach(
    _ ticket: UInt64, _ continuation: CheckedContinuation<Void, any Error>
  ) -> RunnerAction {
    if grantedEarly == ticket {
      grantedEarly = nil
      return .resume(continuation)
    }
    if cancelledEarly.remove(ticket) != nil {
      return .cancel(continuation)
    }
    if let index = index(of: ticket) {
      waiters[index].continuation = continuation
    }
    return .none
  }

  /// A waiting job's task was cancelled: it leaves the queue and will not run.
  mutating func cancel(_ ticket: UInt64) -> RunnerAction {
    guard let index = index(of: ticket) else {
      // Already holding the turn: it runs, and the job sees its own cancellation.
      return .none
    }
    let waiter = waiters.remove(at: index)
    guard let continuation = waiter.continuation else {
      cancelledEarly.insert(ticket)
      return .none
    }
    return .cancel(continuation)
  }

  /// The job holding the turn is done: the oldest waiter gets it, or the runner goes idle.
  mutating func finish() -> RunnerAction {
    guard head < waiters.count else {
      isBusy = false
      return .none
    }
    let next = waiters[head]
    head += 1
    compactIfNeeded()
    guard let continuation = next.continuation else {
      grantedEarly = next.ticket
      return .none
    }
    return .resume(continuation)
  }

  private func index(of ticket: UInt64) -> Int? {
    // Tickets are increasing along the queue, so a binary search finds a waiter in O(log n).
    var low = head
    var high = waiters.count
    while low < high {
      let middle = (low + high) / 2
      if waiters[middle].ticket < ticket { low = middle + 1 } else { high = middle }
    }
    return low < waiters.count && waiters[low].ticket == ticket ? low : nil
  }

  /// Drops the consumed prefix once it is at least half the storage, so memory follows the queue.
  private mutating func compactIfNeeded() {
    if head == waiters.count {
      waiters.removeAll(keepingCapacity: waiters.count < 64)
      head = 0
    } else if head >= 32, head * 2 >= waiters.count {
      waiters.removeFirst(head)
      head = 0
    }
  }
}

/// What the runner must do once its lock is released.
enum RunnerAction {
  case none
  /// Give the turn to a suspended job.
  case resume(CheckedContinuation<Void, any Error>)
  /// Wake a cancelled job, which throws `CancellationError` without running.
  case cancel(CheckedContinuation<Void, any Error>)

  func perform() {
    switch self {
    case .none: break
    case .resume(let continuation): continuation.resume()
    case .cancel(let continuation): continuation.resume(throwing: CancellationError())
    }
  }
}
