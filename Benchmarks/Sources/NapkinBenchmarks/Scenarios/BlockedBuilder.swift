import Dispatch
import Foundation
import Napkin

/// The main thread's first build of an unrelated key while another thread's factory is blocked
/// (on a semaphore this scenario releases afterwards), against the same builds with no factory
/// held. A core that held one lock around every factory made the first wait for the second: a
/// dropped frame, or a hang when the blocked factory needed the main thread.
enum BlockedBuilder {
  static func run(scale: Scale) -> Report {
    let builds = scale.firstReads / 10
    var alone = Double.infinity
    var whileHeld = Double.infinity
    // Rounds alternate the two conditions, so that a burst of load hits both alike.
    for _ in 0..<scale.rounds {
      alone = min(alone, Timing.once(operations: builds) { buildFresh(builds) })
      let blocked = BlockingComponent()
      Thread { _ = blocked.held }.start()
      blocked.entered.wait()
      whileHeld = min(whileHeld, Timing.once(operations: builds) { buildFresh(builds) })
      blocked.release.signal()
    }
    return Report(
      scenario: "First builds on the main thread while another factory is held (\(builds))",
      unit: "ns/build",
      baseline: .init(subject: "no factory held", value: alone),
      others: [.init(subject: "another thread's factory held", value: whileHeld)])
  }

  private static func buildFresh(_ count: Int) {
    for _ in 0..<count { blackHole(readComponent(ServiceComponent())) }
  }
}

/// A component whose `held` factory waits until the scenario releases it.
final class BlockingComponent: EmptyComponent, @unchecked Sendable {
  // SAFETY: restated as Swift 6 asks of every subclass; its own state is two `let` semaphores,
  // which are Sendable, so Component's proof holds.
  let entered = DispatchSemaphore(value: 0)
  let release = DispatchSemaphore(value: 0)

  var held: Service {
    shared {
      entered.signal()
      release.wait()
      return Service(id: 2)
    }
  }
}
