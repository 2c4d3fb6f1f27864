import NapkinOnce
import Testing

/// The wait graph alone, with thread identities stood in for by objects: the decisions that turn a
/// wait into a cycle message, without threads.
@Suite struct WaitGraphTests {
  private let first = ThreadStandIn()
  private let second = ThreadStandIn()
  private let third = ThreadStandIn()

  @Test func waitsThatLeadBackToTheWaiterAreACycleWithEveryThreadsBuildsInOrder() {
    // first builds a, whose factory asked for b (second's); second builds b then c, and c's
    // factory asked for d (third's); third, building d, now asks for a.
    var graph = WaitGraph()
    let b = WaitRecord(build: key("b"), builder: second.id)
    let d = WaitRecord(build: key("d"), builder: third.id)
    graph.add(thread: first.id, stack: [key("a")], waitingFor: b)
    graph.add(thread: second.id, stack: [key("b"), key("c")], waitingFor: d)
    let a = WaitRecord(build: key("a"), builder: first.id)
    let chain = graph.cycle(ifThread: third.id, withStack: [key("d")], waitsFor: a)
    #expect(chain?.map(\.key) == ["a", "b", "c", "d", "a"])
  }

  @Test func waitsThatEndAtAThreadThatIsNotWaitingAreNoCycle() {
    var graph = WaitGraph()
    let b = WaitRecord(build: key("b"), builder: second.id)
    graph.add(thread: first.id, stack: [key("a")], waitingFor: b)
    let c = WaitRecord(build: key("c"), builder: first.id)
    // third waits for first, which waits for second, which runs its factory.
    #expect(graph.cycle(ifThread: third.id, withStack: [], waitsFor: c) == nil)
  }

  @Test func aWaitForABuildThatIsDoneIsNeverPartOfACycle() {
    // second finished b and woke first, which has not yet taken its edge away; second then asks
    // for a key that first builds. Following first's stale edge would report a false cycle.
    var graph = WaitGraph()
    let b = WaitRecord(build: key("b"), builder: second.id)
    graph.add(thread: first.id, stack: [key("a")], waitingFor: b)
    b.finish(waking: 0)
    let a = WaitRecord(build: key("a"), builder: first.id)
    #expect(graph.cycle(ifThread: second.id, withStack: [key("x")], waitsFor: a) == nil)
  }

  @Test func aThreadThatStopsWaitingLeavesNoEdge() {
    var graph = WaitGraph()
    let b = WaitRecord(build: key("b"), builder: second.id)
    graph.add(thread: first.id, stack: [key("a")], waitingFor: b)
    #expect(graph.count == 1)
    graph.remove(thread: first.id)
    #expect(graph.count == 0)
    let a = WaitRecord(build: key("a"), builder: first.id)
    #expect(graph.cycle(ifThread: second.id, withStack: [key("b")], waitsFor: a) == nil)
  }

  private func key(_ name: String) -> Build {
    Build(owner: ObjectIdentifier(ThreadStandIn.self), ownerType: ThreadStandIn.self, key: name)
  }
}

/// An object whose identity stands in for a thread's.
private final class ThreadStandIn: Sendable {
  var id: ObjectIdentifier { ObjectIdentifier(self) }
}
