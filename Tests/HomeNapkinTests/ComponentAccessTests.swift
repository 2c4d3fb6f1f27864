import Napkin
import NapkinTesting
import Testing

@testable import HomeNapkin

@MainActor
@Suite struct ComponentAccessTests {
  @Test func aTestReachesANapkinsComponentThroughItsRouter() throws {
    let session = Session()
    session.type("login alice")
    let home = try #require(session.router(named: "Home"))

    let component = try #require(home.component(as: HomeComponent.self))

    #expect(component.userService.currentUser?.name == "alice")
    #expect(home.component(as: ProfileComponent.self) == nil)
  }
}
