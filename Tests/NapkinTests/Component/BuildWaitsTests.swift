import Dispatch
import Foundation
import Napkin
import NapkinOnce
import Synchronization
import Testing

/// A component whose `slow` factory parks until the test releases it.
final class ParkingComponent: EmptyComponent, @unchecked Sendable {
  // SAFETY: `@unchecked Sendable` as inherited from `Component`; the `let`s are Sendable.
  let entered = DispatchSemaphore(value: 0)
  let release = DispatchSemaphore(value: 0)
  let factoryTimedOut = Atomic(false)
  let slowRuns = FactoryCounter()

  var slow: Token {
    shared {
      slowRuns.record()
      entered.signal()
      if release.wait(timeout: .now() + 10) == .timedOut {
        factoryTimedOut.store(true, ordering: .relaxed)
      }
      return Token("slow")
    }
  }
  var built: Token { shared { Token("built") } }
  var independent: Token { shared { Token("independent") } }
}

/// The contract while a factory runs: no lock is held, so neither reads of built instances nor
/// builds of other keys wait for it; only a caller of the same key does.
@Suite struct BuildWaitsTests {
  @Test func aSlowFactoryNeverBlocksReadersOfBuiltKeys() {
    let component = ParkingComponent()
    let builtBefore = component.built
    let finished = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = component.slow
      finished.signal()
    }
    component.entered.wait()
    // Were a read to wait for the factory, it would wait out the factory's ten-second timeout.
    #expect(component.built === builtBefore)
    component.release.signal()
    finished.wait()
    #expect(component.factoryTimedOut.load(ordering: .relaxed) == false)
  }

  @Test(arguments: [false, true])
  func aBuildOfAnotherKeyFinishesWhileAFactoryIsHeld(inAnotherTree: Bool) {
    let held = ParkingComponent()
    let other = inAnotherTree ? ParkingComponent() : held
    let finished = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = held.slow
      finished.signal()
    }
    held.entered.wait()
    // The slow factory is released only after this build returns: were builds of other keys to
    // wait for it, this one would wait out the factory's ten-second timeout, and the factory
    // would report it.
    #expect(other.independent.name == "independent")
    held.release.signal()
    finished.wait()
    #expect(held.factoryTimedOut.load(ordering: .relaxed) == false)
  }

  @Test func aCallerOfAKeyUnderConstructionWaitsAndGetsTheSameInstance() {
    let component = ParkingComponent()
    let first = Locked<Token?>(nil)
    let second = Locked<Token?>(nil)
    let group = DispatchGroup()
    group.onOwnThread {
      let token = component.slow
      first.withLock { $0 = token }
    }
    component.entered.wait()
    group.onOwnThread {
      let token = component.slow
      second.withLock { $0 = token }
    }
    // Give the second caller time to block on the build before it completes.
    Thread.sleep(forTimeInterval: 0.05)
    component.release.signal()
    group.wait()
    let a = first.withLock { $0 }
    let b = second.withLock { $0 }
    #expect(a != nil)
    #expect(a === b)
    // Had the second caller not waited, it would have run the factory a second time.
    #expect(component.slowRuns.count == 1)
  }
}
