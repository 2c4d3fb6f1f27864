import Napkin
import Testing

/// A RIBs-style hand-written `Routing` mock compiles unchanged once it conforms to
/// `RoutingTestDouble`, and sees every attach and detach, whichever way it is called.
@MainActor
@Suite struct RoutingTestDoubleTests {
  @Test func aRIBsStyleMockCountsAttachesAndDetachesMadeOnIt() {
    let mock = RoutingMock(interactable: Interactor())
    var attached: [ObjectIdentifier] = []
    mock.attachChildHandler = { attached.append(ObjectIdentifier($0)) }
    let child = RoutingMock(interactable: Interactor())

    mock.attachChild(child)
    mock.detachChild(child)

    #expect(mock.attachChildCallCount == 1)
    #expect(mock.detachChildCallCount == 1)
    #expect(attached == [ObjectIdentifier(child)])
  }

  @Test func callsThroughAnyRoutingReachTheMocksOwnMethods() {
    let mock = RoutingMock(interactable: Interactor())
    let parent: any Routing = mock
    let child = Router(interactor: Interactor())

    parent.attachChild(child)
    parent.attachChild(child, fileID: #fileID, line: #line)
    parent.detachChild(child)

    #expect(mock.attachChildCallCount == 2)
    #expect(mock.detachChildCallCount == 1)
  }

  @Test func aRealRouterAttachesAMockChildAndLoadsItOnce() {
    let root = Router(interactor: Interactor())
    root.interactable.activate()
    // The test keeps the mock after detaching it: not a leak worth a report here.
    root.leakDetector = LeakDetector { _ in }
    let mock = RoutingMock(interactable: Interactor())

    root.attachChild(mock)

    #expect(mock.loadCallCount == 1)
    #expect(mock.interactable.isActive)
    root.detachChild(mock)
    #expect(!mock.interactable.isActive)
  }
}
