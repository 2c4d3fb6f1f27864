import NotebookStorage
import Testing

@testable import Notebook

@Suite struct SyncQueueTests {
  @Test func operationsRunOneAtATimeInTheOrderTheyWereAdded() async throws {
    // The initializer stays callable: a test builds its own queue.
    let queue = SyncQueue()
    let order = Log<Int>()
    let operations = (0..<50).map { index in
      queue.addOperation {
        await Task.yield()
        order.append(index)
      }
    }
    for operation in operations { try await operation.value }
    #expect(order.values == Array(0..<50))
    #expect(try await queue.run { "done" } == "done")
  }
}
