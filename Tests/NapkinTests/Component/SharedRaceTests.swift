import Dispatch
import Napkin
import Testing

final class RaceComponent: Component<any RaceDependency>, @unchecked Sendable {
  // `@unchecked Sendable` as inherited; `counter` is a `let` of a Sendable type.
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

/// Keys computed at run time still build once per key; they take the locked path on every read.
final class ManyKeysComponent: Component<any RaceDependency>, @unchecked Sendable {
  // `@unchecked Sendable` as inherited; `counter` is a `let` of a Sendable type.
  let counter = FactoryCounter()

  func token(number: Int) -> Token {
    shared(forCallerKey: "token \(number)") {
      counter.record()
      return Token("token \(number)")
    }
  }
}

/// Keys long enough to live on the heap: each call makes a new string with other bits, so every
/// read after the first finds the instance by its characters.
final class HeapKeysComponent: Component<any RaceDependency>, @unchecked Sendable {
  // `@unchecked Sendable` as inherited; `counter` is a `let` of a Sendable type.
  let counter = FactoryCounter()

  func token(number: Int) -> Token {
    shared(forCallerKey: "a key long enough to live on the heap, number \(number)") {
      counter.record()
      return Token("heap \(number)")
    }
  }
}

extension SharedRaceTests {
  @Test func heapAllocatedKeysEachBuildOnceUnderRaces() {
    let component = HeapKeysComponent(dependency: RaceRoot())
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
