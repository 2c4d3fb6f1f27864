import Napkin
import Testing

protocol Greeting: AnyObject, Sendable { func greet() -> String }
final class EnglishGreeting: Greeting { func greet() -> String { "hello" } }

final class ValueKindsComponent: EmptyComponent, @unchecked Sendable {
  // SAFETY: `@unchecked Sendable` as inherited from `Component`; `counter` is a `let` of a Sendable type.
  let counter = FactoryCounter()

  var greeting: any Greeting {
    shared {
      counter.record()
      return EnglishGreeting()
    }
  }
  var limits: [Int] {
    shared {
      counter.record()
      return [1, 2, 3]
    }
  }
  var name: String {
    shared {
      counter.record()
      return "napkin"
    }
  }
  var optional: Token? {
    shared {
      counter.record()
      return Token("maybe")
    }
  }
}

@Suite struct ValueKindsTests {
  @Test func existentialsValuesAndOptionalsAreSharedToo() {
    let component = ValueKindsComponent()
    #expect(component.greeting === component.greeting)
    #expect(component.greeting.greet() == "hello")
    #expect(component.limits == [1, 2, 3])
    #expect(component.limits == [1, 2, 3])
    #expect(component.name == "napkin")
    #expect(component.name == "napkin")
    #expect(component.optional === component.optional)
    #expect(component.counter.count == 4)
  }

  @Test func anExplicitKeySharesOneInstanceBetweenCallSites() {
    let component = ValueKindsComponent()
    let first = component.shared(forCallerKey: "clock") { Token("clock") }
    let second = component.shared(forCallerKey: "clock") { Token("another clock") }
    #expect(first === second)
    #expect(second.name == "clock")
  }

  @Test func aComputedKeyEqualToALiteralFindsTheSameInstance() {
    let component = ValueKindsComponent()
    let literal = component.shared(forCallerKey: "a key long enough to live on the heap") {
      Token("literal")
    }
    let words = ["a", "key", "long", "enough", "to", "live", "on", "the", "heap"]
    let computed = component.shared(forCallerKey: words.joined(separator: " ")) {
      Token("computed")
    }
    #expect(literal === computed)
  }
}
