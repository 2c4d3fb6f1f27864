/// Which thread waits for which factory, across every store in the process.
///
/// A thread that finds its key being built by another thread registers an edge to that frame
/// before it sleeps, still holding the lock of the store that lists the frame. Edges are added and
/// removed only under `lock`, and an edge exists exactly while its frame is unfinished (its
/// builder removes the edges before the frame goes away), so following edges from the frame's
/// builder reaches the waiter again if and only if sleeping would deadlock. That is a cross-thread
/// cycle, reported instead of a hang.
///
/// Lock order: a store's lock, then this one; never the other way round.
package enum WaitGraph {
  private static let lock = LockWord()

  /// Records that `waiter` sleeps until `frame` is done; call it under the lock of the store
  /// that lists `frame`.
  ///
  /// Stops the program with the chain of keys when sleeping would close a cycle of threads.
  static func block(_ waiter: ThreadState, on frame: FramePointer) {
    let cycle: [FramePointer]? = lock.withLock {
      var builder = frame.pointee.builder
      var blockedFrames = [frame]
      while builder !== waiter {
        guard let next = builder.blockedOn else {
          waiter.blockedOn = frame
          return nil
        }
        blockedFrames.append(next)
        builder = next.pointee.builder
      }
      return chain(through: blockedFrames)
    }
    if let cycle {
      OnceFailure.cycle(cycle)
    }
  }

  /// Removes the edges to `frame`, whose value is published, and wakes the threads that
  /// registered while it was being built.
  static func complete(_ frame: FramePointer, waking waiters: [ThreadState]) {
    lock.withLock {
      for waiter in waiters where waiter.blockedOn == frame {
        waiter.blockedOn = nil
      }
    }
    // Side effects after the state change: a woken thread never finds the lock still held by us.
    for waiter in waiters {
      waiter.wakeUp.signal()
    }
  }

  /// The frames of a cycle in call order, starting and ending with `blockedFrames[0]`.
  ///
  /// `blockedFrames[i]` is being built by a thread that is blocked on `blockedFrames[i + 1]` (the
  /// last one's builder is the caller, which is running). Each builder's own stack, from the frame
  /// others wait for up to its innermost factory, is the segment that thread contributes.
  /// Called under `lock`, which makes the blocked threads' `current` frames safe to read.
  private static func chain(through blockedFrames: [FramePointer]) -> [FramePointer] {
    var frames: [FramePointer] = []
    for waited in blockedFrames {
      frames += stack(of: waited.pointee.builder, from: waited)
    }
    return frames + [blockedFrames[0]]
  }

  /// The frames `thread` runs from `bottom` to its innermost factory, outermost first.
  static func stack(of thread: ThreadState, from bottom: FramePointer) -> [FramePointer] {
    var reversed: [FramePointer] = []
    var frame = thread.current
    while let current = frame {
      reversed.append(current)
      if current == bottom { break }
      frame = current.pointee.parent
    }
    return reversed.reversed()
  }
}
