import Napkin
import Testing

/// A `@MainActor` service: Sendable, so a component may share it.
@MainActor
final class MainActorBadge {
  var count = 0
}

final class MainActorServicesComponent: EmptyComponent, @unchecked Sendable {
  // SAFETY: `@unchecked Sendable` is inherited from `Component`; this class adds no stored state.
  var badge: MainActorBadge { shared { MainActorBadge() } }
  var maybeBadge: MainActorBadge? { shared { MainActorBadge() } }
}

/// `shared` hands one instance to every thread, so the compiler must refuse what is not
/// `Sendable`, without breaking clients that still build in Swift 5 mode.
@Suite struct SendableRuleTests {
  /// The counter: a non-Sendable class a component would hand to every thread.
  static let counterClient = """
    import Napkin

    final class Counter { var value = 0 }

    final class CounterComponent: Component<any EmptyDependency>, @unchecked Sendable {
      var counter: Counter { shared { Counter() } }
    }
    """

  @MainActor
  @Test func aMainActorClassAndItsOptionalAreShared() {
    let component = MainActorServicesComponent()
    #expect(component.badge === component.badge)
    #expect(component.maybeBadge === component.maybeBadge)
  }

  #if os(macOS) || os(Linux) || os(Windows)
    @Test func swift6RefusesToShareANonSendableValue() throws {
      let outcome = try ClientCompiler.typecheck(Self.counterClient, languageMode: "6")
      #expect(outcome.status != 0)
      #expect(
        outcome.diagnostics.contains("type 'Counter' does not conform to the 'Sendable' protocol"),
        "swiftc said: \(outcome.diagnostics)")
    }

    @Test func aSwift5ClientStillBuilds() throws {
      let outcome = try ClientCompiler.typecheck(Self.counterClient, languageMode: "5")
      #expect(outcome.status == 0, "swiftc said: \(outcome.diagnostics)")
      #expect(!outcome.diagnostics.contains("error:"), "swiftc said: \(outcome.diagnostics)")
    }

    @Test func aSendableServiceCompilesInSwift6() throws {
      let client = """
        import Napkin
        import Synchronization

        final class Counter: Sendable { let value = Mutex(0) }

        protocol CounterDependency: Dependency { var counter: Counter { get } }

        final class CounterComponent: Component<any EmptyDependency>, CounterDependency,
          @unchecked Sendable
        {
          var counter: Counter { shared { Counter() } }
        }
        """
      let outcome = try ClientCompiler.typecheck(client, languageMode: "6")
      #expect(outcome.status == 0, "swiftc said: \(outcome.diagnostics)")
    }
  #endif
}
