import Dispatch
import Foundation
import Napkin
import Testing

/// Two shared properties that need each other.
// SAFETY: no stored state of its own; Component's proof holds.
final class CyclicHomeComponent: EmptyComponent, @unchecked Sendable {
  var homeAnalytics: Token {
    shared { Token("analytics of \(session.name)") }
  }
  var session: Token {
    shared { Token("session of \(homeAnalytics.name)") }
  }
}

/// Two keys whose factories need each other, started on two threads at once.
final class CrossThreadComponent: EmptyComponent, @unchecked Sendable {
  // SAFETY: `@unchecked Sendable` as inherited from `Component`; the semaphores are `let`s, and
  // `DispatchSemaphore` is thread safe.
  let leftEntered = DispatchSemaphore(value: 0)
  let rightEntered = DispatchSemaphore(value: 0)

  var left: Token {
    shared {
      leftEntered.signal()
      rightEntered.wait()
      return Token("left of \(right.name)")
    }
  }
  var right: Token {
    shared {
      rightEntered.signal()
      leftEntered.wait()
      return Token("right of \(left.name)")
    }
  }
}

/// Misuse of the `#function` key.
// SAFETY: no stored state of its own; Component's proof holds.
final class ClashingComponent: EmptyComponent, @unchecked Sendable {
  var analytics: Token {
    let _: UserService = shared { UserService() }
    return shared { Token("analytics") }
  }

  func make<Made: Sendable>(_ factory: () -> Made) -> Made {
    shared(factory)
  }
}

@Suite struct MisuseExitTests {
  #if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD) || os(Windows)
    @Test func aCycleOnOneThreadStopsWithTheChainOfKeys() async {
      let result = await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        _ = CyclicHomeComponent().homeAnalytics
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(
        message.contains(
          "Napkin: dependency cycle in CyclicHomeComponent: homeAnalytics -> session -> homeAnalytics"
        ))
    }

    @Test func aCycleAcrossTwoThreadsStopsInsteadOfHanging() async {
      let result = await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        let component = CrossThreadComponent()
        Thread.detachNewThread { _ = component.right }
        _ = component.left
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      let leftFirst = "Napkin: dependency cycle in CrossThreadComponent: left -> right -> left"
      let rightFirst = "Napkin: dependency cycle in CrossThreadComponent: right -> left -> right"
      #expect(message.contains(leftFirst) || message.contains(rightFirst), "\(message)")
    }

    @Test func twoSharedCallsInOneGetterStopWithTheKeyAndBothTypes() async {
      let result = await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        _ = ClashingComponent().analytics
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(
        message.contains(
          #"Napkin: key "analytics" of ClashingComponent was asked for as Token but holds UserService"#
        ))
    }

    @Test func sharedCalledFromAMethodWithTwoTypesStopsWithTheKeyAndBothTypes() async {
      let result = await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        let component = ClashingComponent()
        _ = component.make { Token("first") }
        _ = component.make { UserService() }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(
        message.contains(
          #"Napkin: key "make(_:)" of ClashingComponent was asked for as UserService but holds Token"#
        ))
    }
  #endif
}
