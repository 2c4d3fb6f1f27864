import Synchronization

/// State reached only under a lock whose hand-offs ThreadSanitizer can see.
///
/// A bare `Mutex` passes a contended lock inside the kernel on Linux, which ThreadSanitizer does
/// not model; the acquiring load and releasing increment around each critical section give it the
/// happens-before edge the lock provides.
final class Guarded<State: Sendable>: Sendable {
  private let mutex: Mutex<State>
  private let handOff = Atomic<UInt>(0)

  init(_ state: State) {
    mutex = Mutex(state)
  }

  func withLock<Result: Sendable>(_ body: (inout State) -> Result) -> Result {
    mutex.withLock { state in
      _ = handOff.load(ordering: .acquiring)
      defer { handOff.wrappingAdd(1, ordering: .releasing) }
      return body(&state)
    }
  }
}
