import Napkin
import Observation
import Testing

@MainActor
@Suite struct RouterTreeTests {
  let log = EventLog()

  @Test func attachingActivatesTheChildThenLoadsIt() {
    let parent = RecordingRouter("parent", log: log)
    let child = RecordingRouter("child", log: log)

    parent.attachChild(child)

    #expect(log.events == ["child active", "child load"])
    #expect(child.interactable.isActive)
    #expect(parent.children.count == 1)
    #expect(parent.children.first === child)
  }

  @Test func childrenAreListedInAttachOrder() {
    let parent = RecordingRouter("parent", log: log)
    let first = RecordingRouter("first", log: log)
    let second = RecordingRouter("second", log: log)
    let third = RecordingRouter("third", log: log)

    parent.attachChild(first)
    parent.attachChild(second)
    parent.attachChild(third)
    parent.detachChild(second)

    #expect(parent.children.map { ($0 as? RecordingRouter)?.name } == ["first", "third"])
  }

  @Test func didLoadRunsOnceAcrossReattachments() {
    let parent = RecordingRouter("parent", log: log)
    let child = RecordingRouter("child", log: log)

    parent.attachChild(child)
    parent.detachChild(child)
    parent.attachChild(child)

    #expect(log.events == ["child active", "child load", "child resign", "child active"])
  }

  @Test func detachingDeactivatesTheSubtreeDeepestFirst() {
    let parent = RecordingRouter("parent", log: log)
    let child = RecordingRouter("child", log: log)
    let left = RecordingRouter("left", log: log)
    let leftLeaf = RecordingRouter("leftLeaf", log: log)
    let right = RecordingRouter("right", log: log)
    parent.attachChild(child)
    child.attachChild(left)
    left.attachChild(leftLeaf)
    child.attachChild(right)
    log.clear()

    parent.detachChild(child)

    #expect(log.events == ["right resign", "leftLeaf resign", "left resign", "child resign"])
    #expect(parent.children.isEmpty)
    // The subtree keeps its shape; only its activity ends.
    #expect(child.children.count == 2)
    #expect(!leftLeaf.interactable.isActive)
  }

  @Test func childrenAttachedWhileLoadingAreActivatedAfterTheirParent() {
    let parent = RecordingRouter("parent", log: log)
    let child = RecordingRouter("child", log: log)
    let grandchild = RecordingRouter("grandchild", log: log)
    child.onLoad = { $0.attachChild(grandchild) }

    parent.attachChild(child)

    #expect(
      log.events == ["child active", "child load", "grandchild active", "grandchild load"])
  }

  @Test func reattachingActivatesTheKeptSubtreeTopDown() {
    let parent = RecordingRouter("parent", log: log)
    let child = RecordingRouter("child", log: log)
    let grandchild = RecordingRouter("grandchild", log: log)
    parent.attachChild(child)
    child.attachChild(grandchild)
    parent.detachChild(child)
    log.clear()

    parent.attachChild(child)

    #expect(log.events == ["child active", "grandchild active"])
    #expect(grandchild.interactable.isActive)
  }

  @Test func aDetachedRouterCanBeAttachedElsewhere() {
    let first = RecordingRouter("first", log: log)
    let second = RecordingRouter("second", log: log)
    let child = RecordingRouter("child", log: log)

    first.attachChild(child)
    first.detachChild(child)
    second.attachChild(child)

    #expect(first.children.isEmpty)
    #expect(second.children.first === child)
  }

  @Test func aRouterWhoseParentWasDroppedCanBeAttachedAgain() {
    let child = RecordingRouter("child", log: log)
    var parent: RecordingRouter? = RecordingRouter("parent", log: log)
    parent?.attachChild(child)
    weak let weakParent = parent

    parent = nil
    #expect(weakParent == nil)
    child.interactable.deactivate()
    let adopter = RecordingRouter("adopter", log: log)
    adopter.attachChild(child)

    #expect(adopter.children.first === child)
  }

  @Test func childrenChangesAreObservable() {
    let parent = RecordingRouter("parent", log: log)
    let changes = ChangeCounter()
    withObservationTracking {
      _ = parent.children
    } onChange: {
      changes.count += 1
    }

    parent.attachChild(RecordingRouter("child", log: log))

    #expect(changes.count == 1)
  }

  @Test func theRouterKeepsItsComponentAliveAndReleasesItWithItself() {
    var component: FakeComponent? = FakeComponent()
    weak let weakComponent = component
    var router: RecordingRouter? = RecordingRouter("r", log: log, component: component)
    component = nil
    #expect(weakComponent != nil)
    #expect(router != nil)

    router = nil

    #expect(weakComponent == nil)
  }
}

/// Counts observation callbacks; the callback is `@Sendable` but fires synchronously here.
final class ChangeCounter: @unchecked Sendable {
  // SAFETY: `count` is only touched on the main actor: `withObservationTracking` calls `onChange`
  // synchronously inside the mutation, which happens on the main actor in these tests (their
  // suites are `@MainActor`), so no two accesses ever run at once.
  var count = 0
}
