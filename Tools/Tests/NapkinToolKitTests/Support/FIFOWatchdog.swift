import Foundation
import Synchronization

/// Opens a FIFO for writing once a delay has passed, unless the test finished first: a reader
/// that would wait on the FIFO for good is set free, and the test fails instead of hanging.
final class FIFOWatchdog: Sendable {
  private let path: String
  private let delay: Duration
  private let finished = DispatchSemaphore(value: 0)
  private let unblocked = Atomic<Bool>(false)

  init(path: String, after delay: Duration) {
    self.path = path
    self.delay = delay
  }

  /// Whether it had to open the FIFO: someone was waiting on it.
  var hadToUnblock: Bool { unblocked.load(ordering: .acquiring) }

  /// Starts the wait, on a thread of its own, since the reader may block the test's.
  func start() {
    let seconds = Double(delay.components.seconds)
    Thread { [self] in
      guard finished.wait(timeout: .now() + seconds) == .timedOut else { return }
      // Non-blocking: it succeeds only when a reader has the FIFO open, or is opening it.
      let descriptor = open(path, O_WRONLY | O_NONBLOCK)
      if descriptor >= 0 {
        unblocked.store(true, ordering: .releasing)
        close(descriptor)
      }
    }.start()
  }

  /// The test is done: the watchdog does nothing more.
  func finish() { finished.signal() }
}
