import Testing

/// An app is written once and builds in SwiftPM's default mode and in a new Xcode 26 app target
/// (default isolation `MainActor`). Each client below is a shape the docs and `napkin new` teach;
/// it must type-check with no error and no warning in both modes.
@Suite struct IsolationModeTests {
  #if os(macOS) || os(Linux) || os(Windows)
    static let services = """
      import Napkin

      nonisolated final class UserService: Sendable {}
      nonisolated final class Badge: Sendable {
        let user: UserService
        init(user: UserService) { self.user = user }
      }
      """

    /// A component with no children, whose isolation comes from `Component` alone.
    static let leafComponent = """
      \(services)
      nonisolated protocol BadgeDependency: Dependency { var userService: UserService { get } }

      final class BadgeComponent: Component<any BadgeDependency>, @unchecked Sendable {
        var badge: Badge { shared { Badge(user: dependency.userService) } }
      }

      nonisolated func readOffTheMainActor(_ component: BadgeComponent) -> Badge {
        component.badge
      }
      """

    /// A root that lists no protocol in its declaration: its children's dependencies are provided
    /// in extensions, one file per edge, as in a ported RIBs app.
    static let rootWithEdgesInExtensions = """
      \(services)
      nonisolated protocol LoggedInDependency: Dependency { var userService: UserService { get } }

      final class LoggedInComponent: Component<any LoggedInDependency>, @unchecked Sendable {}

      final class AppComponent: EmptyComponent, @unchecked Sendable {}

      nonisolated extension AppComponent: LoggedInDependency {
        var userService: UserService { shared { UserService() } }
      }

      @MainActor
      extension AppComponent {
        var loggedInComponent: LoggedInComponent { LoggedInComponent(dependency: self) }
      }

      nonisolated func readOffTheMainActor() -> UserService {
        LoggedInComponent(dependency: AppComponent()).dependency.userService
      }
      """

    static let clients = [
      ("a component with no children", leafComponent),
      ("a root whose edges are extensions", rootWithEdgesInExtensions),
    ]

    @Test(arguments: clients)
    func aShapeOfTheDocsBuildsInXcodesDefaultIsolation(name: String, client: String) throws {
      let outcome = try ClientCompiler.typecheck(
        client, languageMode: "6", isolation: .xcodeDefault)
      #expect(outcome.status == 0, "\(name): swiftc said: \(outcome.diagnostics)")
      #expect(
        !outcome.diagnostics.contains("warning:"), "\(name): swiftc said: \(outcome.diagnostics)")
    }

    @Test(arguments: clients)
    func aShapeOfTheDocsBuildsInSwiftPMsDefaultIsolation(name: String, client: String) throws {
      let outcome = try ClientCompiler.typecheck(client, languageMode: "6")
      #expect(outcome.status == 0, "\(name): swiftc said: \(outcome.diagnostics)")
      #expect(
        !outcome.diagnostics.contains("warning:"), "\(name): swiftc said: \(outcome.diagnostics)")
    }

    /// Why every component restates `@unchecked Sendable`: Swift 6.3 asks it of every subclass of
    /// an `@unchecked Sendable` class, whatever the base's shape. When this test fails, the
    /// toolchain has dropped the rule, and the docs and the scaffolder can drop the line.
    @Test func aComponentThatDoesNotRestateTheConformanceIsWarned() throws {
      let client = """
        \(Self.services)
        final class BareComponent: EmptyComponent {}
        """
      for isolation in [ClientCompiler.Isolation.swiftPMDefault, .xcodeDefault] {
        let outcome = try ClientCompiler.typecheck(client, languageMode: "6", isolation: isolation)
        #expect(outcome.status == 0, "swiftc said: \(outcome.diagnostics)")
        #expect(
          outcome.diagnostics.contains(
            "class 'BareComponent' must restate inherited '@unchecked Sendable' conformance"),
          "swiftc said: \(outcome.diagnostics)")
        #expect(!outcome.diagnostics.contains("error:"), "swiftc said: \(outcome.diagnostics)")
      }
    }
  #endif
}
