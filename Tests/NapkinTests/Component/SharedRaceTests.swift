import Dispatch
import Napkin
import Testing

final class RaceComponent: Component<any RaceDependency>, @unchecked Sendable {
  // SAFETY: `@unchecked Sendable` as inherited from `Component`; `counter` is a `let` of a Sendable type.
  let counter = FactoryCounter()

  var token: Token {
    shared {
      counter.record()
      // Widens the window in which other callers arrive while the factory runs.
      for _ in 0..<200 { _ = DispatchTime.now() }
      return Token("race")
    }
  }
}

protocol RaceDependency: Dependency {}
// SAFETY: no stored state of its own; Component's proof holds.
final class RaceRoot: EmptyComponent, RaceDependency, @unchecked Sendable {}

@Suite struct SharedRaceTests {
  @Test func theFactoryRunsOnceUnderRacesOfTasks() async {
    for _ in 0..<1_000 {
      let component = RaceComponent(dependency: RaceRoot())
      let identities = await withTaskGroup(of: ObjectIdentifier.self) { group in
        for _ in 0..<8 {
          group.addTask { ObjectIdentifier(component.token) }
        }
        return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
      }
      #expect(component.counter.count == 1)
      #expect(identities.count == 1)
    }
  }

  @Test func theFactoryRunsOnceUnderRacesOfThreads() {
    for _ in 0..<1_000 {
      let component = RaceComponent(dependency: RaceRoot())
      let seen = IdentityCollector()
      DispatchQueue.concurrentPerform(iterations: 8) { _ in
        seen.insert(ObjectIdentifier(component.token))
      }
      #expect(component.counter.count == 1)
      #expect(seen.count == 1)
    }
  }

  @Test func manyKeysOfOneComponentEachBuildOnceUnderRaces() {
    let component = ManyKeysComponent(dependency: RaceRoot())
    DispatchQueue.concurrentPerform(iterations: 16) { iteration in
      for key in 0..<64 {
        _ = component.token(number: (key + iteration) % 64)
      }
    }
    #expect(component.counter.count == 64)
    for key in 0..<64 {
      #expect(component.token(number: key).name == "token \(key)")
    }
  }
}

/// Keys computed at run time. Short ones are stored inline in the string, so equal keys have equal
/// bits and take the lock-free path; long ones live on the heap, a new string on every call, so
/// every read after the first finds the instance by its characters. Either way: once per key.
final class ManyKeysComponent: Component<any RaceDependency>, @unchecked Sendable {
  // SAFETY: `@unchecked Sendable` as inherited from `Component`; the `let`s are Sendable.
  let counter = FactoryCounter()
  private let keyPrefix: String
  private let namePrefix: String

  init(dependency: any RaceDependency, keyPrefix: String = "token ", namePrefix: String = "token") {
    self.keyPrefix = keyPrefix
    self.namePrefix = namePrefix
    super.init(dependency: dependency)
  }

  func token(number: Int) -> Token {
    shared(forCallerKey: "\(keyPrefix)\(number)") {
      counter.record()
      return Token("\(namePrefix) \(number)")
    }
  }
}

extension SharedRaceTests {
  @Test func heapAllocatedKeysEachBuildOnceUnderRaces() {
    let component = ManyKeysComponent(
      dependency: RaceRoot(), keyPrefix: "a key long enough to live on the heap, number ",
      namePrefix: "heap")
    DispatchQueue.concurrentPerform(iterations: 16) { iteration in
      for key in 0..<32 {
        _ = component.token(number: (key + iteration) % 32)
      }
    }
    #expect(component.counter.count == 32)
    for key in 0..<32 {
      #expect(component.token(number: key).name == "heap \(key)")
    }
  }
}

/// A component whose factory returns at once: the narrowest window, the most trials.
final class QuickRaceComponent: EmptyComponent, @unchecked Sendable {
  // SAFETY: `@unchecked Sendable` as inherited from `Component`; `counter` is a `let` of a Sendable type.
  let counter = FactoryCounter()
  var token: Token {
    shared {
      counter.record()
      return Token("quick")
    }
  }
}

extension SharedRaceTests {
  @Test func thirtyThousandTrialsOfEightRacingThreadsBuildNoDuplicate() {
    var duplicates = 0
    for _ in 0..<30_000 {
      let component = QuickRaceComponent()
      let seen = IdentityCollector()
      DispatchQueue.concurrentPerform(iterations: 8) { _ in
        seen.insert(ObjectIdentifier(component.token))
      }
      duplicates += (component.counter.count - 1) + (seen.count - 1)
    }
    #expect(duplicates == 0)
  }
}
