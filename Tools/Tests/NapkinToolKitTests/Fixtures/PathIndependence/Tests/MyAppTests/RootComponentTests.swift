import Testing

@testable import MyApp

// Names HomeComponent, and reads `clock` and `userService`, but on a RootComponent: no use of
// HomeComponent's pass-throughs.
struct RootComponentTests {
  @Test func theRootSharesItsClock() {
    let root = RootComponent()
    #expect(root.clock === root.clock)
    #expect(root.userService === root.userService)
    _ = HomeComponent(dependency: root)
  }
}
