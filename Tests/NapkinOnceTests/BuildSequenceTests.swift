import Foundation
import Synchronization
import Testing

@testable import NapkinOnce

/// The build sequence is written twice: ``Once/resolve(in:key:owner:valueType:factory:)`` for
/// `KeyedInstances`, and inline in `SharedInstanceStore.instance` for one machine frame per level.
/// Every case here runs through both, so a change to one copy that the other lacks fails here.
@Suite struct BuildSequenceTests {
  @Test(arguments: Route.allCases)
  func aFactoryRunsInItsOwnFrameWhichIsGoneOnceTheInstanceIsReturned(route: Route) {
    let store = route.makeStore()
    let thread = ThreadState.calling
    let built = store.instance("service") {
      #expect(thread.current?.pointee.label == "service")
      #expect(thread.current?.pointee.parent == nil)
      return Probe("built")
    }
    #expect(thread.current == nil)
    let found = store.instance("service") { Probe("rebuilt") }
    #expect(found === built)
    #expect(thread.current == nil)
  }

  @Test(arguments: Route.allCases, Route.allCases)
  func aFactoryThatReadsAnotherStoreNestsItsFrameUnderItsOwn(outer: Route, inner: Route) {
    let outerStore = outer.makeStore()
    let innerStore = inner.makeStore()
    let thread = ThreadState.calling
    let built = outerStore.instance("parent") {
      let child = innerStore.instance("child") {
        #expect(thread.current?.pointee.label == "child")
        #expect(thread.current?.pointee.parent?.pointee.label == "parent")
        return Probe("child")
      }
      #expect(thread.current?.pointee.label == "parent")
      return Probe("parent of \(child.name)")
    }
    #expect(built.name == "parent of child")
    #expect(thread.current == nil)
  }

  @Test(arguments: Route.allCases)
  func aThreadThatAsksDuringTheBuildWaitsAndGetsTheSameInstance(route: Route) {
    let store = route.makeStore()
    let runs = Atomic<Int>(0)
    let waiter = Locked<ThreadState?>(nil)
    let waited = Locked<Probe?>(nil)
    let waiterDone = DispatchSemaphore(value: 0)
    let built = store.instance("service") {
      runs.add(1, ordering: .relaxed)
      Thread {
        waiter.withLock { $0 = ThreadState.calling }
        let probe = store.instance("service") {
          runs.add(1, ordering: .relaxed)
          return Probe("second")
        }
        waited.withLock { $0 = probe }
        waiterDone.signal()
      }.start()
      // Returns only once the other thread sleeps on this build, so the wait is what is tested.
      let deadline = ContinuousClock.now + .seconds(30)
      while waiter.withLock({ $0?.blockedOn }) == nil, ContinuousClock.now < deadline {
        Thread.sleep(forTimeInterval: 0.001)
      }
      #expect(waiter.withLock { $0?.blockedOn } != nil)
      return Probe("first")
    }
    #expect(waiterDone.wait(timeout: .now() + 30) == .success)
    #expect(waited.withLock { $0 } === built)
    #expect(runs.load(ordering: .relaxed) == 1)
    #expect(waiter.withLock { $0?.blockedOn } == nil)
  }

  #if os(macOS) || os(Linux) || os(Windows)
    @Test(arguments: Route.allCases)
    func aFactoryThatNeedsItsOwnInstanceStopsTheProgram(route: Route) async {
      await #expect(processExitsWith: .failure) { [route] in
        let store = route.makeStore()
        _ = store.instance("loop") { store.instance("loop") { Probe("never") } }
      }
    }
  #endif
}

/// The two ways into the build sequence.
enum Route: CaseIterable, Codable, Sendable, CustomTestStringConvertible {
  /// `SharedInstanceStore`, the sequence inlined into the property.
  case sharedInstanceStore
  /// `KeyedInstances`, through ``Once/resolve(in:key:owner:valueType:factory:)``.
  case keyedInstances

  var testDescription: String {
    switch self {
    case .sharedInstanceStore: "SharedInstanceStore"
    case .keyedInstances: "KeyedInstances"
    }
  }

  func makeStore() -> any StoreUnderTest {
    switch self {
    case .sharedInstanceStore: ComponentStore()
    case .keyedInstances: KeyedStore()
    }
  }
}

/// A store the cases can drive whichever copy of the sequence it runs.
protocol StoreUnderTest: Sendable {
  func instance(_ key: String, _ make: () -> Probe) -> Probe
}

private struct ComponentStore: StoreUnderTest {
  let owner = StoreOwner()

  func instance(_ key: String, _ make: () -> Probe) -> Probe {
    owner.instance(key, make)
  }
}

private struct KeyedStore: StoreUnderTest {
  let store = KeyedInstances<String>(ownerType: KeyedStore.self)

  func instance(_ key: String, _ make: () -> Probe) -> Probe {
    store.instance(for: key, make)
  }
}
