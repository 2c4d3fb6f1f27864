import Dispatch
import Napkin
import Testing

protocol GrandparentDependency: Dependency {}
protocol ParentLevelDependency: Dependency { var first: Token { get } }
protocol ChildLevelDependency: Dependency {
  var first: Token { get }
  var second: Token { get }
}

final class GrandparentComponent: EmptyComponent, ParentLevelDependency, @unchecked Sendable {
  // SAFETY: `@unchecked Sendable` as inherited from `Component`; `counter` is a `let` of a Sendable type.
  let counter = FactoryCounter()
  var first: Token {
    shared {
      counter.record()
      return Token("first")
    }
  }
}

final class ParentLevelComponent: Component<any ParentLevelDependency>, ChildLevelDependency,
  @unchecked Sendable
{
  // SAFETY: `@unchecked Sendable` as inherited from `Component`; `counter` is a `let` of a Sendable type.
  let counter = FactoryCounter()
  var first: Token { dependency.first }
  var second: Token {
    shared {
      counter.record()
      return Token("second after \(dependency.first.name)")
    }
  }
}

final class ChildLevelComponent: Component<any ChildLevelDependency>, @unchecked Sendable {
  // SAFETY: `@unchecked Sendable` as inherited from `Component`; `counter` is a `let` of a Sendable type.
  let counter = FactoryCounter()
  var third: Token {
    shared {
      counter.record()
      return Token("third after \(dependency.second.name) and \(sibling.name)")
    }
  }
  var sibling: Token { shared { Token("sibling") } }
}

@Suite struct ReentrancyTests {
  @Test func aFactoryReadsSharedInstancesOfItsComponentAndTwoAncestors() {
    let child = ChildLevelComponent(
      dependency: ParentLevelComponent(dependency: GrandparentComponent()))
    #expect(child.third.name == "third after second after first and sibling")
    #expect(child.third === child.third)
  }

  @Test func nestedFactoriesEachRunOnceUnderRaces() {
    for _ in 0..<300 {
      let grandparent = GrandparentComponent()
      let parent = ParentLevelComponent(dependency: grandparent)
      let child = ChildLevelComponent(dependency: parent)
      let seen = IdentityCollector()
      DispatchQueue.concurrentPerform(iterations: 8) { index in
        // Half the callers enter from the leaf, half from the middle of the chain.
        if index.isMultiple(of: 2) {
          seen.insert(ObjectIdentifier(child.third))
        } else {
          _ = parent.second
        }
      }
      #expect(seen.count == 1)
      #expect(grandparent.counter.count == 1)
      #expect(parent.counter.count == 1)
      #expect(child.counter.count == 1)
    }
  }
}
