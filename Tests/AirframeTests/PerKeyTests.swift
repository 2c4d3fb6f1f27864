import Airframe
import Dispatch
import Foundation
import Testing

@Suite struct PerKeyTests {
  @Test func eachKeyIsBuiltOnceUnderRaces() {
    let prefix = "race-\(UInt64.random(in: 0...UInt64.max))-"
    let registry = PerKey<String, CountingContext> { CountingContext(prefix + $0) }
    let seen = Log<(String, ObjectIdentifier)>()
    DispatchQueue.concurrentPerform(iterations: 16) { thread in
      for round in 0..<200 {
        let key = "\((round + thread) % 10)"
        seen.append((key, ObjectIdentifier(registry.shared(for: key))))
      }
    }
    let builds = CountingContext.builds.elements.filter { $0.hasPrefix(prefix) }
    #expect(builds.count == 10)
    #expect(Set(builds).count == 10)
    let identities = Dictionary(grouping: seen.elements, by: \.0).mapValues { Set($0.map(\.1)) }
    #expect(identities.count == 10)
    #expect(identities.values.allSatisfy { $0.count == 1 })
  }

  @Test func eachKeyIsBuiltOnceWhenTasksRace() async {
    let prefix = "tasks-\(UInt64.random(in: 0...UInt64.max))-"
    let registry = PerKey<String, CountingContext> { CountingContext(prefix + $0) }
    await withTaskGroup { group in
      for index in 0..<200 {
        group.addTask { _ = registry.shared(for: "\(index % 3)") }
      }
    }
    #expect(CountingContext.builds.elements.filter { $0.hasPrefix(prefix) }.count == 3)
  }

  @Test func aContextMayAskForOtherKeysWhileItIsBuilt() {
    let branch = LinkedContext.all.shared(for: "branch")
    #expect(branch.child === LinkedContext.all.shared(for: "leaf"))
  }

  @Test func thePrivateInitializerDecidesWhichStoresShareARunner() {
    let shelf = ShelfContext.all.shared(for: 1)
    #expect(shelf.first.runner === shelf.second.runner)
    #expect(ShelfContext.all.shared(for: 2).runner !== shelf.runner)
  }

  #if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD) || os(Windows)
    @Test func aCycleBetweenKeysStopsWithTheChainOfKeys() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = LinkedContext.all.shared(for: "a")
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("dependency cycle in LinkedContext: a -> b -> a"))
    }

    @Test func aCycleAcrossThreadsStopsInsteadOfHanging() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        Thread.detachNewThread { _ = CrossThreadContext.all.shared(for: "y") }
        _ = CrossThreadContext.all.shared(for: "x")
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("dependency cycle in CrossThreadContext: "))
      #expect(message.contains("x -> y -> x") || message.contains("y -> x -> y"))
    }
  #endif

  @Test func independentKeysBuildWhileAnotherKeyIsBuilding() {
    // Key "slow" waits inside its factory until another thread has built key "fast": this only
    // finishes if no lock is held while a factory runs.
    let fastBuilt = DispatchSemaphore(value: 0)
    let slowStarted = DispatchSemaphore(value: 0)
    let registry = PerKey<String, CountingContext> { key in
      if key == "slow" {
        slowStarted.signal()
        _ = fastBuilt.wait(timeout: .now() + 30)
      }
      return CountingContext("parallel-\(key)")
    }
    let finished = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = registry.shared(for: "slow")
      finished.signal()
    }
    slowStarted.wait()
    _ = registry.shared(for: "fast")
    fastBuilt.signal()
    #expect(finished.wait(timeout: .now() + 30) == .success)
  }

  @Test func closingAKeyReleasesItsContextAndTheNextUseBuildsANewOne() {
    let prefix = "close-\(UInt64.random(in: 0...UInt64.max))-"
    let registry = PerKey<String, CountingContext> { CountingContext(prefix + $0) }
    weak var first: CountingContext?
    do {
      let context = registry.shared(for: "notebook")
      first = context
      #expect(registry.openKeys == ["notebook"])
      #expect(registry.close("notebook"))
    }
    #expect(first == nil)
    #expect(registry.openKeys.isEmpty)
    #expect(!registry.close("notebook"))
    _ = registry.shared(for: "notebook")
    #expect(CountingContext.builds.elements.filter { $0.hasPrefix(prefix) }.count == 2)
  }

  @Test func theRegistryIsTheOnlyOwnerOfItsContexts() {
    weak var context: CountingContext?
    do {
      let registry = PerKey<String, CountingContext> { CountingContext($0) }
      context = registry.shared(for: "owned")
      #expect(context != nil)
    }
    #expect(context == nil)
  }
}
