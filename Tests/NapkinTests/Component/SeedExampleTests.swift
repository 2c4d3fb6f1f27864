import Napkin
import Testing

// The seed's example, verbatim: it must compile against `Component` as the API reference shows it.

protocol HomeDependency: Dependency {
  var userService: UserService { get }
}

protocol ProfileDependency: Dependency {
  var userService: UserService { get }
  var homeAnalytics: HomeAnalytics { get }
}

protocol SettingsDependency: Dependency {
  var requestBuilder: RequestBuilder { get }
}

// The seed's text, kept character for character.
// swift-format-ignore
final class HomeComponent: Component<HomeDependency>,
                           ProfileDependency,
                           SettingsDependency {

    // Pass-through from the parent.
    var userService: UserService { dependency.userService }

    // Lazily created and cached for the lifetime of this component.
    var homeAnalytics: HomeAnalytics {
        shared { HomeAnalytics(userService: dependency.userService) }
    }

    // A non-shared dependency: a fresh instance each call.
    var requestBuilder: RequestBuilder {
        RequestBuilder(userService: dependency.userService)
    }
}

// Swift 6 asks every subclass of an `@unchecked Sendable` class to restate the conformance, so
// that adding mutable state is a visible decision (the seed's "Subclassing" warning). The seed's
// declaration above stays verbatim; the restatement lives in an extension.
// SAFETY: no stored state of its own; Component's proof holds.
extension HomeComponent: @unchecked Sendable {}

// SAFETY: no stored state of its own; Component's proof holds.
final class RootComponent: EmptyComponent, HomeDependency, @unchecked Sendable {
  var userService: UserService { shared { UserService() } }
}

@Suite struct SeedExampleTests {
  @Test func aSharedPropertyReturnsTheSameInstanceEveryTime() {
    let home = HomeComponent(dependency: RootComponent())
    #expect(home.homeAnalytics === home.homeAnalytics)
  }

  @Test func aFreshPropertyReturnsANewInstanceEveryTime() {
    let home = HomeComponent(dependency: RootComponent())
    #expect(home.requestBuilder !== home.requestBuilder)
  }

  @Test func aPassThroughReturnsTheParentsInstance() {
    let root = RootComponent()
    let home = HomeComponent(dependency: root)
    #expect(home.userService === root.userService)
    #expect(home.homeAnalytics.userService === root.userService)
  }

  @Test func twoComponentsOfOneTypeKeepSeparateInstances() {
    let root = RootComponent()
    let first = HomeComponent(dependency: root)
    let second = HomeComponent(dependency: root)
    #expect(first.homeAnalytics !== second.homeAnalytics)
  }

  @Test func theComponentIsTheChildrensDependency() {
    let home = HomeComponent(dependency: RootComponent())
    let profile: any ProfileDependency = home
    let settings: any SettingsDependency = home
    #expect(profile.homeAnalytics === home.homeAnalytics)
    #expect(settings.requestBuilder.userService === home.userService)
  }
}
