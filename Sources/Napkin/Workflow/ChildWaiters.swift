/// The deep links waiting on one router for a child napkin, in the order they began to wait.
///
/// The invariants, all on the main actor:
/// - a waiter is in `waiting` from the moment it is registered until exactly one of these ends
///   it: a matching child becomes active under the router (it resumes with the child's
///   interactor), its task is cancelled, its timeout passes, or the router is detached or
///   released (each resumes it with an error);
/// - when a child attaches, the waiters are offered it in registration order; those it satisfies
///   join `ready`, and are resumed one at a time: the next only when the previous one has taken
///   its interactor, on the main actor. So each waiter's code up to its next suspension runs
///   before the next waiter's, in the order they began waiting, whatever order the executor
///   would run resumed tasks in;
/// - a waiter keeps no child, router or interactor: its match closure reads the child it is
///   offered and keeps nothing, so nothing stays alive because a deep link waits;
/// - a waiting tied task is parked where `settle()` sees it: uncounted in its ``TaskActivity``
///   while it is in `waiting`, and counted again as it leaves it.
@MainActor
final class ChildWaiters {
  private struct Waiter {
    let id: UInt64
    /// The child's interactor, if it plays the waiter's role and is active.
    let match: (any Routing) -> (any Interactable)?
    let continuation: CheckedContinuation<Void, any Error>
    let activity: TaskActivity?
  }

  private var waiting: [Waiter] = []
  /// Matched waiters, in the order they began waiting; only the first is ever resumed.
  private var ready: [Waiter] = []
  /// The ready waiter that was resumed and has not yet taken its interactor.
  private var resumed: UInt64?
  private var nextID: UInt64 = 0
  /// Why no child of this router will become active: set when it leaves the tree, cleared when it
  /// is attached again.
  private(set) var closedWith: ChildWaitError?
  /// The interactor each resumed waiter found, until it takes it. The continuation carries no
  /// value: an interactor is main-actor state, handed over here on the main actor instead.
  private var found: [UInt64: any Interactable] = [:]

  /// A fresh waiter id, known before the waiter registers so that its cancellation handler and
  /// timeout can name it.
  func makeID() -> UInt64 {
    defer { nextID += 1 }
    return nextID
  }

  /// The first of `children` that `match` accepts, when no matched waiter is queued ahead: a
  /// wait that can end at once ends without suspending, so the deep link goes on in the same
  /// main-actor job.
  func immediate(
    _ children: [any Routing], match: (any Routing) -> (any Interactable)?
  ) -> (any Interactable)? {
    guard ready.isEmpty, resumed == nil else { return nil }
    return children.lazy.compactMap(match).first
  }

  /// Registers a waiter, or resumes it at once with the first of `children` it matches.
  func wait(
    id: UInt64, children: [any Routing], match: @escaping (any Routing) -> (any Interactable)?,
    continuation: CheckedContinuation<Void, any Error>, activity: TaskActivity?
  ) {
    if let closedWith {
      continuation.resume(throwing: closedWith)
      return
    }
    let waiter = Waiter(id: id, match: match, continuation: continuation, activity: activity)
    for child in children {
      if let match = match(child) {
        deliver(match, to: waiter)
        return
      }
    }
    waiting.append(waiter)
    activity?.leave()
  }

  /// Offers a child that just became active to every waiter, oldest first.
  func offer(_ child: any Routing) {
    guard !waiting.isEmpty else { return }
    var still: [Waiter] = []
    var satisfied: [(Waiter, any Interactable)] = []
    for waiter in waiting {
      if let match = waiter.match(child) {
        satisfied.append((waiter, match))
      } else {
        still.append(waiter)
      }
    }
    waiting = still
    for (waiter, match) in satisfied {
      waiter.activity?.enter()
      deliver(match, to: waiter)
    }
  }

  /// Queues `waiter` behind the waiters matched before it, and resumes it if it is first.
  private func deliver(_ match: any Interactable, to waiter: Waiter) {
    found[waiter.id] = match
    ready.append(waiter)
    resumeNextReady()
  }

  private func resumeNextReady() {
    guard resumed == nil, !ready.isEmpty else { return }
    let next = ready.removeFirst()
    resumed = next.id
    next.continuation.resume()
  }

  /// The interactor that resumed waiter `id` found, taken once on the main actor; the next ready
  /// waiter is resumed now, so it runs after this one's code.
  func take(_ id: UInt64) -> (any Interactable)? {
    let match = found.removeValue(forKey: id)
    if resumed == id {
      resumed = nil
      resumeNextReady()
    }
    return match
  }

  /// Ends one waiter with `error`: its task was cancelled or its timeout passed.
  func end(_ id: UInt64, with error: any Error) {
    // Cancellation and timeouts reach the main actor after `wait` has run (they hop here in a
    // task of their own), so a waiter that is not in the list has already been resumed.
    guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
    let waiter = waiting.remove(at: index)
    waiter.activity?.enter()
    waiter.continuation.resume(throwing: error)
  }

  /// Ends every waiter with `error` and closes the list to new waits: the router left the tree.
  func close(with error: ChildWaitError) {
    closedWith = error
    endAll(with: error)
  }

  /// Opens the list again: the router was attached again.
  func reopen() {
    closedWith = nil
  }

  /// Ends every waiter with `error`.
  private func endAll(with error: any Error) {
    let all = waiting
    waiting = []
    for waiter in all {
      waiter.activity?.enter()
      waiter.continuation.resume(throwing: error)
    }
  }

  /// How many deep links wait, for the router's snapshot and tests.
  var count: Int { waiting.count }
}
