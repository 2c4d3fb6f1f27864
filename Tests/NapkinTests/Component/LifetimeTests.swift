import Napkin
import Testing

// SAFETY: no stored state of its own; Component's proof holds.
final class LifetimeComponent: EmptyComponent, @unchecked Sendable {
  var token: Token { shared { Token("lifetime") } }
  var value: Settings { shared { Settings(token: Token("inside a struct")) } }
}

struct Settings {
  let token: Token
}

@Suite struct LifetimeTests {
  @Test func aSharedInstanceLivesWhileItsComponentDoes() {
    let component = LifetimeComponent()
    weak let token = component.token
    #expect(token != nil)
    withExtendedLifetime(component) {}
  }

  @Test func aSharedInstanceDiesWithItsComponent() {
    weak var token: Token?
    weak var boxed: Token?
    weak var component: LifetimeComponent?
    do {
      let strong = LifetimeComponent()
      token = strong.token
      boxed = strong.value.token
      component = strong
    }
    #expect(component == nil)
    #expect(token == nil)
    #expect(boxed == nil)
  }

  @Test func aComponentWithManySharedInstancesReleasesAllOfThem() {
    var weakTokens: [() -> Token?] = []
    do {
      let component = ManyKeysComponent(dependency: RaceRoot())
      for number in 0..<100 {
        weak let token = component.token(number: number)
        weakTokens.append { token }
      }
      #expect(weakTokens.allSatisfy { $0() != nil })
    }
    #expect(weakTokens.allSatisfy { $0() == nil })
  }

  @Test func aChildKeepsItsParentAliveAndNothingElse() {
    weak var root: RootComponent?
    weak var analytics: HomeAnalytics?
    var home: HomeComponent? = HomeComponent(dependency: RootComponent())
    root = home?.dependency as? RootComponent
    analytics = home?.homeAnalytics
    #expect(root != nil)
    home = nil
    #expect(root == nil)
    #expect(analytics == nil)
  }
}
