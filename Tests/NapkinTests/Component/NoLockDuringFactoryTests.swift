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

@Suite struct NoLockDuringFactoryTests {
  @Test func aSlowFactoryBlocksNeitherReadersOfBuiltKeysNorBuildsOfOtherKeys() {
    let component = ParkingComponent()
    let builtBefore = component.built
    let finished = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = component.slow
      finished.signal()
    }
    component.entered.wait()
    // While `slow` is being built on another thread, these must return at once; were a lock held
    // across the factory, they would wait out the factory's ten-second timeout.
    #expect(component.built === builtBefore)
    #expect(component.independent.name == "independent")
    component.release.signal()
    finished.wait()
    #expect(component.factoryTimedOut.load(ordering: .relaxed) == false)
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

/// A component whose `outer` factory first builds a deeper graph (so the builder's stack has held
/// other frames where the next ones go), then parks so that another thread waits for it.
final class StackReuseComponent: EmptyComponent, @unchecked Sendable {
  // SAFETY: `@unchecked Sendable` as inherited from `Component`; the `let`s are Sendable.
  let entered = DispatchSemaphore(value: 0)
  let release = DispatchSemaphore(value: 0)

  var deep: Token { shared { Token("deep over \(deeper.name)") } }
  var deeper: Token { shared { Token("deeper") } }
  var outer: Token {
    shared {
      _ = deep
      entered.signal()
      _ = release.wait(timeout: .now() + 10)
      return Token("outer")
    }
  }
}

extension NoLockDuringFactoryTests {
  @Test func aFrameSomeoneWaitedForIsNeverReadAfterItsBuilderMovesOn() {
    for _ in 0..<200 {
      let component = StackReuseComponent()
      let results = IdentityCollector()
      let group = DispatchGroup()
      group.onOwnThread {
        results.insert(ObjectIdentifier(component.outer))
      }
      component.entered.wait()
      group.onOwnThread {
        results.insert(ObjectIdentifier(component.outer))
      }
      Thread.sleep(forTimeInterval: 0.001)
      component.release.signal()
      // The builder goes on to build more, over the stack where the finished frame was, while
      // the waiter wakes.
      let other = StackReuseComponent()
      other.release.signal()
      group.onOwnThread { _ = other.outer }
      group.wait()
      #expect(results.count == 1)
    }
  }
}
