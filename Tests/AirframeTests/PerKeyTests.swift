import Airframe
import Dispatch
import Foundation
import Synchronization
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
        // Each thread claims its key and then needs the other's: whichever asks second finds
        // that its wait leads back to itself, or one thread claims both and meets its own build.
        Thread.detachNewThread { _ = CrossThreadContext.all.shared(for: "y") }
        _ = CrossThreadContext.all.shared(for: "x")
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("dependency cycle in CrossThreadContext: "))
      #expect(message.contains("x -> y -> x") || message.contains("y -> x -> y"))
    }

    @Test func aCycleMessagePrintsAKeysEscapeSequencesAsEscapes() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = SelfNeedingContext.all.shared(for: "notes\u{1B}[31m\r")
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      let key = #"notes\u{1B}[31m\u{D}"#
      #expect(
        message.contains("dependency cycle in SelfNeedingContext: \(key) -> \(key)"), "\(message)")
      #expect(!message.contains("\u{1B}"))
    }
  #endif

  @Test func aBuildOfAnotherKeyFinishesWhileAFactoryIsHeld() {
    // No lock is held while a factory runs: key "fast" is built while "slow" waits for a release
    // that comes only afterwards (bounded, so that a regression fails instead of hanging).
    let releaseSlow = DispatchSemaphore(value: 0)
    let slowStarted = DispatchSemaphore(value: 0)
    let slowTimedOut = Atomic(false)
    let registry = PerKey<String, CountingContext> { key in
      if key == "slow" {
        slowStarted.signal()
        if releaseSlow.wait(timeout: .now() + 10) == .timedOut {
          slowTimedOut.store(true, ordering: .relaxed)
        }
      }
      return CountingContext("parallel-\(key)")
    }
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { _ = registry.shared(for: "slow") }
    slowStarted.wait()
    _ = registry.shared(for: "fast")
    #expect(registry.openKeys == ["fast"])
    releaseSlow.signal()
    group.wait()
    #expect(Set(registry.openKeys) == ["slow", "fast"])
    #expect(slowTimedOut.load(ordering: .relaxed) == false)
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

/// A context that needs its own key: a cycle of one key.
final class SelfNeedingContext: Sendable {
  static let all = PerKey<String, SelfNeedingContext> { SelfNeedingContext($0) }

  let same: SelfNeedingContext

  private init(_ key: String) {
    same = Self.all.shared(for: key)
  }
}
