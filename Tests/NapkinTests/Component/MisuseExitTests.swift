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

/// Two keys whose factories need each other, asked for on two threads at once.
// SAFETY: no stored state of its own; Component's proof holds.
final class CrossThreadComponent: EmptyComponent, @unchecked Sendable {
  var left: Token { shared { Token("left of \(right.name)") } }
  var right: Token { shared { Token("right of \(left.name)") } }
}

/// A cycle whose key is text from outside, with a terminal escape sequence in it.
// SAFETY: no stored state of its own; Component's proof holds.
final class HostileKeyComponent: EmptyComponent, @unchecked Sendable {
  static let key = "title\u{1B}[2J\u{1B}]0;owned\u{7}"
  var title: Token { shared(forCallerKey: Self.key) { Token("title of \(self.title.name)") } }
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
        // Each thread claims its key and then needs the other's: whichever asks second finds
        // that its wait leads back to itself, or one thread claims both and meets its own build.
        let component = CrossThreadComponent()
        Thread.detachNewThread { _ = component.right }
        _ = component.left
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      let leftFirst = "Napkin: dependency cycle in CrossThreadComponent: left -> right -> left"
      let rightFirst = "Napkin: dependency cycle in CrossThreadComponent: right -> left -> right"
      #expect(message.contains(leftFirst) || message.contains(rightFirst), "\(message)")
    }

    @Test func aCycleMessagePrintsAKeysControlCharactersAsEscapes() async {
      let result = await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        _ = HostileKeyComponent().title
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      let key = #"title\u{1B}[2J\u{1B}]0;owned\u{7}"#
      #expect(message.contains("dependency cycle in HostileKeyComponent: \(key) -> \(key)"))
      #expect(!message.contains("\u{1B}"))
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
