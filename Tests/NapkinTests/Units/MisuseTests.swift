import Napkin
import Testing

/// Misuse of the units stops the program with a message that says what was wrong and what to do.
@Suite struct MisuseTests {
  #if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD) || os(Windows)
    @Test func attachingARouterThatIsAlreadyAttachedStops() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let log = EventLog()
          let first = RecordingRouter("first", log: log)
          let second = RecordingRouter("second", log: log)
          let child = RecordingRouter("child", log: log)
          first.attachChild(child)
          second.attachChild(child)
        }
      }
      expectMessage(
        result,
        contains:
          "attachChild(_:) called on RecordingRouter with RecordingRouter, which is already "
          + "attached to RecordingRouter. Detach it there first")
    }

    @Test func attachingARouterToItselfStops() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let router = RecordingRouter("r", log: EventLog())
          router.attachChild(router)
        }
      }
      expectMessage(result, contains: "A router cannot be its own child.")
    }

    @Test func attachingAnAncestorStops() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let log = EventLog()
          let root = RecordingRouter("root", log: log)
          let child = RecordingRouter("child", log: log)
          let grandchild = RecordingRouter("grandchild", log: log)
          root.attachChild(child)
          child.attachChild(grandchild)
          grandchild.attachChild(root)
        }
      }
      expectMessage(
        result, contains: "with its own ancestor RecordingRouter. The router tree cannot")
    }

    @Test func detachingARouterThatIsNotAChildStops() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let log = EventLog()
          let parent = RecordingRouter("parent", log: log)
          let stranger = RecordingRouter("stranger", log: log)
          parent.detachChild(stranger)
        }
      }
      expectMessage(
        result,
        contains:
          "detachChild(_:) called on RecordingRouter with RecordingRouter, which is not one "
          + "of its children (it is not attached anywhere)")
    }

    @Test func detachingAnotherRoutersChildNamesItsParent() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let log = EventLog()
          let parent = FakeRootRouter(log: log)
          let other = RecordingRouter("other", log: log)
          let child = RecordingRouter("child", log: log)
          parent.attachChild(child)
          other.detachChild(child)
        }
      }
      expectMessage(result, contains: "(it is attached to FakeRootRouter)")
    }

    @Test func detachingTheSameChildTwiceStops() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let log = EventLog()
          let parent = RecordingRouter("parent", log: log)
          let child = RecordingRouter("child", log: log)
          parent.attachChild(child)
          parent.detachChild(child)
          parent.detachChild(child)
        }
      }
      expectMessage(result, contains: "which is not one of its children")
    }

    @Test func launchingTwiceStops() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let root = FakeRootRouter(log: EventLog())
          let host = FakeHost()
          root.launch(from: host)
          root.launch(from: host)
        }
      }
      expectMessage(result, contains: "launch(from:) called twice on FakeRootRouter.")
    }

    @Test func launchingAnAttachedRouterStops() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let log = EventLog()
          let parent = RecordingRouter("parent", log: log)
          let root = FakeRootRouter(log: log)
          parent.attachChild(root)
          root.launch(from: FakeHost())
        }
      }
      expectMessage(result, contains: "Only a root router can be launched.")
    }

    @Test func attachingALaunchedRootStops() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let log = EventLog()
          let root = FakeRootRouter(log: log)
          root.launch(from: FakeHost())
          RecordingRouter("parent", log: log).attachChild(root)
        }
      }
      expectMessage(result, contains: "a launched root. A root cannot become a child.")
    }

    @Test func anInteractorThatIsNotInteractableStops() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          _ = Router<NotAnInteractor>(interactor: NotAnInteractor())
        }
      }
      expectMessage(
        result,
        contains: "the interactor of Router<NotAnInteractor>, of type NotAnInteractor, does not "
          + "conform to Interactable.")
    }

    @Test func aDoubleAttachStopsAtTheCallersLine() async {
      // An exit test's body is expanded at the `#expect`, so that is the caller's line.
      let line = #line + 1
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let log = EventLog()
          let first = RecordingRouter("first", log: log)
          let second = RecordingRouter("second", log: log)
          let child = RecordingRouter("child", log: log)
          first.attachChild(child)
          second.attachChild(child)
        }
      }
      expectMessage(result, contains: "already attached", at: line)
    }

    @Test func aDoubleAttachThroughTheRoutingProtocolStopsAtTheCallersLine() async {
      // An exit test's body is expanded at the `#expect`, so that is the caller's line.
      let line = #line + 1
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let log = EventLog()
          let parent: any Routing = RecordingRouter("parent", log: log)
          let child = RecordingRouter("child", log: log)
          parent.attachChild(child)
          parent.attachChild(child)
        }
      }
      expectMessage(result, contains: "already attached", at: line)
    }

    @Test func detachingANonChildStopsAtTheCallersLine() async {
      // An exit test's body is expanded at the `#expect`, so that is the caller's line.
      let line = #line + 1
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let log = EventLog()
          let parent = RecordingRouter("parent", log: log)
          let stranger = RecordingRouter("stranger", log: log)
          parent.detachChild(stranger)
        }
      }
      expectMessage(result, contains: "which is not one of its children", at: line)
    }

    /// The stop names the caller's line, as `#expect` does, not a line inside Napkin.
    private func expectMessage(
      _ result: ExitTest.Result?, contains message: String, at line: Int,
      sourceLocation: SourceLocation = #_sourceLocation
    ) {
      expectMessage(result, contains: message, sourceLocation: sourceLocation)
      let standardError = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }
      #expect(
        standardError?.contains("NapkinTests/MisuseTests.swift:\(line)") == true,
        "standard error was: \(standardError ?? "(no result)")", sourceLocation: sourceLocation)
    }

    private func expectMessage(
      _ result: ExitTest.Result?, contains message: String,
      sourceLocation: SourceLocation = #_sourceLocation
    ) {
      let standardError = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }
      #expect(
        standardError?.contains("Fatal error: Napkin: ") == true
          && standardError?.contains(message) == true,
        "standard error was: \(standardError ?? "(no result)")", sourceLocation: sourceLocation)
    }
  #endif
}

/// Something passed as an interactor that is not one.
final class NotAnInteractor {}
