/// A breadth-first search, which finds a shortest path: to the nearest ancestor that provides a
/// requirement, and along a shortest cycle of shared properties.
enum BreadthFirst {
  /// The path from `start` to the nearest node `isGoal` accepts (`start` itself first), or nil
  /// when none is reached; and every node reached, in the order reached.
  static func path<Node: Hashable>(
    from start: Node, next: (Node) -> [Node], to isGoal: (Node) -> Bool
  ) -> (path: [Node]?, reached: [Node]) {
    var previous: [Node: Node] = [:]
    var queue = [start]
    var head = 0
    while head < queue.count {
      let node = queue[head]
      head += 1
      if isGoal(node) {
        var path = [node]
        while let before = previous[path[path.count - 1]] {
          path.append(before)
        }
        return (path.reversed(), queue)
      }
      for target in next(node) where target != start && previous[target] == nil {
        previous[target] = node
        queue.append(target)
      }
    }
    return (nil, queue)
  }
}
