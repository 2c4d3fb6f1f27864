/// Tarjan's strongly connected components, iterative so that a hostile input that chains
/// thousands of nodes cannot overflow the stack: the one implementation behind the parent-cycle
/// check of ``Wiring`` and the shared-cycle lint rule.
enum StronglyConnected {
  /// The strongly connected parts of the graph whose node `n` has the edges `edges[n]`, each
  /// part's members in the order they left the stack (a single node is a part of its own).
  static func parts(of edges: [[Int]]) -> [[Int]] {
    var order = Array(repeating: -1, count: edges.count)
    var lowLink = Array(repeating: 0, count: edges.count)
    var onStack = Array(repeating: false, count: edges.count)
    var stack: [Int] = []
    var parts: [[Int]] = []
    var counter = 0
    var work: [(node: Int, next: Int)] = []
    func discover(_ node: Int) {
      order[node] = counter
      lowLink[node] = counter
      counter += 1
      stack.append(node)
      onStack[node] = true
      work.append((node, 0))
    }
    for root in edges.indices where order[root] < 0 {
      discover(root)
      while let (node, next) = work.last {
        if next < edges[node].count {
          work[work.count - 1].next += 1
          let target = edges[node][next]
          if order[target] < 0 {
            discover(target)
          } else if onStack[target] {
            lowLink[node] = min(lowLink[node], order[target])
          }
          continue
        }
        work.removeLast()
        if let parent = work.last {
          lowLink[parent.node] = min(lowLink[parent.node], lowLink[node])
        }
        if lowLink[node] == order[node] {
          var part: [Int] = []
          while let member = stack.popLast() {
            onStack[member] = false
            part.append(member)
            if member == node { break }
          }
          parts.append(part)
        }
      }
    }
    return parts
  }
}
